import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MAX_MEMBER_SELECTION } from '../../../domain/api/members';
import { apiPaths } from '../../../domain/api-paths';
import { downloadFile } from '../../lib/export-download';
import { showToast } from '../../lib/toast';
import { memberQueries, queryString } from './api';
import { MemberZoneMove } from './member-zone-move';

/** The members chosen in the staff list: id → their church or mosque (a zone move stays within one). */
export type Selection = ReadonlyMap<number, number>;

/**
 * What staff do with the members chosen in the server list: print their cards, export them, and
 * (with the groups grant) move them into a zone of their congregation. The server checks every id
 * against the caller's scope again on each action; this bar only gathers them.
 */
export function StaffMemberSelection({ selection, mayExport, mayMove, onClear, onMoved }: { selection: Selection; mayExport: boolean; mayMove: boolean; onClear: () => void; onMoved: () => void }) {
  const { t } = useLingui();
  const ids = [...selection.keys()];
  const places = new Set(selection.values());
  const onePlace = places.size === 1 ? [...places][0]! : null;
  const zones = useQuery({ ...memberQueries.zones(onePlace ?? 0), enabled: mayMove && onePlace !== null });
  // Cards and exports name the ids in one request, which the server caps (MAX_MEMBER_SELECTION): say so before it refuses.
  const tooMany = ids.length > MAX_MEMBER_SELECTION;
  const limit = MAX_MEMBER_SELECTION;
  const extra = ids.length - limit;

  const download = async (path: string, name: string) => {
    try {
      await downloadFile(path, name);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    }
  };

  return (
    <section className="card member-selection" aria-label={t`Selected members`}>
      <p role="status">
        <Trans>{ids.length} selected</Trans>
      </p>
      {tooMany ? (
        <p className="notice notice-error" role="alert">
          <Trans>
            Cards and exports take at most {limit} members at a time: remove {extra} from the selection, or filter the list and export it whole.
          </Trans>
        </p>
      ) : null}
      <div className="export-actions">
        <button type="button" className="btn btn-secondary btn-small" disabled={tooMany} onClick={() => void download(`${apiPaths.memberCards}${queryString({ ids: ids.join(','), layout: 'a4' })}`, 'member-cards.pdf')}>
          <Trans>Cards of the selected members (PDF)</Trans>
        </button>
        {mayExport ? (
          <>
            <button type="button" className="btn btn-secondary btn-small" disabled={tooMany} onClick={() => void download(`${apiPaths.membersExport}${queryString({ ids: ids.join(','), format: 'csv' })}`, 'members.csv')}>
              <Trans>Export the selected (CSV)</Trans>
            </button>
            <button type="button" className="btn btn-secondary btn-small" disabled={tooMany} onClick={() => void download(`${apiPaths.membersExport}${queryString({ ids: ids.join(','), format: 'xlsx' })}`, 'members.xlsx')}>
              <Trans>Export the selected (Excel)</Trans>
            </button>
          </>
        ) : null}
        <button type="button" className="btn btn-secondary btn-small" onClick={onClear}>
          <Trans>Clear the selection</Trans>
        </button>
      </div>
      {mayMove && onePlace === null ? (
        <p className="muted">
          <Trans>Zones belong to one church or mosque: choose members of one to move them to a zone.</Trans>
        </p>
      ) : null}
      {mayMove && onePlace !== null && zones.data ? <MemberZoneMove zones={zones.data.data} memberIds={ids} onMoved={onMoved} showCount={false} /> : null}
    </section>
  );
}
