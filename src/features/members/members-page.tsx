import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { localeOfPath } from '../../lib/locale-path';
import { EmptyState } from '../../components/ui/empty-state';
import type { LocalMember } from '../../lib/offline/types';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { searchLocalMembers, useZones } from './desk-data';
import { canDo } from '../../lib/permissions';
import { refreshOfflineCache } from '../../lib/offline/refresh-cache';
import { MemberImportDialog } from './import/member-import-dialog';
import { MemberRegistrationForm } from './member-form';
import { MemberZoneMove } from './member-zone-move';
import { StaffMembersPage } from './staff-members-page';

const LIST_LIMIT = 50;

/** Levels whose users keep members themselves and so work from the device cache (offline too). */
const CONGREGATION_LEVELS: ReadonlyArray<string | null | undefined> = ['church', 'mosque'];

/** Congregations work from the device cache (the offline desk); staff above them, from the server list. */
export function MembersPage() {
  const profile = useQuery(profileQuery()).data;
  if (!profile) return null;
  return CONGREGATION_LEVELS.includes(profile.level) ? <DeskMembersPage /> : <StaffMembersPage />;
}

/** The members cached on this device, searched locally (works offline), and offline registration. */
function DeskMembersPage() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const profile = useQuery(profileQuery()).data;
  const institutionId = profile?.entityId ?? null;
  const [query, setQuery] = useState('');
  const [members, setMembers] = useState<LocalMember[] | null>(null);
  const [registering, setRegistering] = useState(false);
  const [importing, setImporting] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const latest = useRef(0);
  // Zone moves are online and need the groups grant; members not yet synced have no server id to move.
  const mayMove = canDo(profile, 'groups', 'update');
  const zones = useZones(institutionId) ?? [];

  useEffect(() => {
    if (institutionId === null) return;
    const ticket = ++latest.current;
    searchLocalMembers(institutionId, query.trim(), LIST_LIMIT)
      .then((found) => {
        if (ticket === latest.current) setMembers(found);
      })
      .catch(() => {
        if (ticket === latest.current) setMembers([]);
      });
  }, [institutionId, query, refresh]);

  if (institutionId === null) return <EmptyState title={t`Members are kept by a church or mosque user.`} />;

  const toggle = (serverId: number, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(serverId);
      else next.delete(serverId);
      return next;
    });
  const movable = (members ?? []).flatMap((member) => (member.serverId === null ? [] : [member.serverId]));
  const allShown = movable.length > 0 && movable.every((serverId) => selected.has(serverId));
  const moved = () => {
    setSelected(new Set());
    void refreshOfflineCache(institutionId).then(() => setRefresh((value) => value + 1));
  };

  const saved = (member: LocalMember) => {
    setRegistering(false);
    showToast({ tone: 'success', message: t`Saved on this device; will sync` });
    setQuery(`${member.firstName} ${member.lastName}`);
    setRefresh((value) => value + 1);
  };

  return (
    <section className="page members">
      <div className="section-head">
        <div className="field member-search">
          <label htmlFor="member-search">
            <Trans>Search members</Trans>
          </label>
          <input
            id="member-search"
            type="search"
            autoComplete="off"
            placeholder={t`Name, phone or member number`}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <Link to={localizedPath(paths.memberTransfers, locale)}>
          <Trans>Member transfers</Trans>
        </Link>
        {registering ? null : (
          <button type="button" className="btn btn-primary" onClick={() => setRegistering(true)}>
            <Trans>Register member</Trans>
          </button>
        )}
        {canDo(profile, 'members', 'create') ? (
          <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)}>
            <Trans>Import members</Trans>
          </button>
        ) : null}
      </div>
      {importing ? (
        <MemberImportDialog
          institutionId={institutionId}
          onClose={() => setImporting(false)}
          // The new members reach this device's list through the cache, as any member made elsewhere.
          onImported={() => void refreshOfflineCache(institutionId).then(() => setRefresh((value) => value + 1))}
        />
      ) : null}
      {registering ? <MemberRegistrationForm institutionId={institutionId} onSaved={saved} onCancel={() => setRegistering(false)} /> : null}
      {mayMove && selected.size > 0 ? <MemberZoneMove zones={zones} memberIds={[...selected]} onMoved={moved} /> : null}
      <div className="card">
        {mayMove && movable.length > 0 ? (
          <label className="check-row">
            <input
              type="checkbox"
              checked={allShown}
              onChange={(event) => setSelected((previous) => new Set(event.target.checked ? [...previous, ...movable] : [...previous].filter((serverId) => !movable.includes(serverId))))}
            />
            <Trans>Select all shown</Trans>
          </label>
        ) : null}
        {members === null ? null : members.length === 0 ? (
          <EmptyState title={query.trim() ? t`No member found` : t`Type a name, phone number or member number to find a member.`} />
        ) : (
          <ul className="result-list member-list" aria-label={t`Members`}>
            {members.map((member) => (
              <li key={member.key} className="result-row">
                {mayMove && member.serverId !== null ? (
                  <input
                    type="checkbox"
                    aria-label={t`Select ${member.firstName} ${member.lastName}`}
                    checked={selected.has(member.serverId)}
                    onChange={(event) => member.serverId !== null && toggle(member.serverId, event.target.checked)}
                  />
                ) : null}
                <span className="result-main">
                  {member.serverId === null ? (
                    `${member.firstName} ${member.lastName}`
                  ) : (
                    <Link to={localizedPath(`${paths.members}/${member.serverId}`, locale)}>
                      {member.firstName} {member.lastName}
                    </Link>
                  )}
                  {member.pending ? (
                    <span className="status sync-pending">
                      <Trans>Not yet synced</Trans>
                    </span>
                  ) : null}
                </span>
                <span className="result-sub">{member.code ?? ''}</span>
                <span className="result-sub">{member.phone}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
