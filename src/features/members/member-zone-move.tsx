import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { MAX_ZONE_MOVE, type Zone } from '../../../domain/api/zones';
import { errorText } from '../../lib/error-message';
import { showToast } from '../../lib/toast';
import { moveMembersToZone } from './api';
import { BusyButton } from '../../components/ui/busy-button';

/**
 * Moves the members chosen in the list into one zone of the congregation, or out of every zone
 * (spec §1 "move to a zone", bulk). Online: the server checks each member and the zone against the
 * caller's scope and moves all or none (POST /api/zones/move-members, activity `zone.membersMoved`).
 */
/**
 * `zones`: the congregation's, from the device cache (the desk) or the server (staff). `showCount`
 * false where the surrounding selection bar already says how many are selected (the staff list).
 */
export function MemberZoneMove({ zones, memberIds, onMoved, showCount = true }: { zones: readonly Zone[]; memberIds: readonly number[]; onMoved: () => void; showCount?: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const [zone, setZone] = useState('');
  const [busy, setBusy] = useState(false);
  const tooMany = memberIds.length > MAX_ZONE_MOVE;

  const move = async () => {
    if (zone === '' || memberIds.length === 0 || tooMany) return;
    const zoneId = zone === 'none' ? null : Number(zone);
    const name = zoneId === null ? null : (zones.find((candidate) => candidate.id === zoneId)?.name ?? '');
    setBusy(true);
    try {
      const { moved } = await moveMembersToZone([...memberIds], zoneId);
      showToast({ tone: 'success', message: name === null ? t`${moved} members no longer in a zone` : t`${moved} members moved to ${name}` });
      setZone('');
      onMoved();
    } catch (error) {
      showToast({ tone: 'error', message: errorText(error, t`You are offline. Connect to the internet and try again.`) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="zone-move" role="group" aria-label={t`Move the selected members`}>
      {showCount ? (
        <p role="status">
          <Trans>{memberIds.length} selected</Trans>
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-zone`}>
          <Trans>Zone to move them to</Trans>
        </label>
        <select id={`${id}-zone`} value={zone} onChange={(event) => setZone(event.target.value)}>
          <option value="">{t`Choose a zone`}</option>
          {zones.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
          <option value="none">{t`No zone`}</option>
        </select>
      </div>
      {tooMany ? (
        <p className="notice notice-error" role="alert">
          <Trans>Choose at most {MAX_ZONE_MOVE} members at a time.</Trans>
        </p>
      ) : null}
      <BusyButton type="button" className="btn btn-primary" busy={busy} disabled={zone === '' || memberIds.length === 0 || tooMany} onClick={() => void move()}>
        <Trans>Move to zone</Trans>
      </BusyButton>
    </div>
  );
}
