import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { apiPaths } from '../../../domain/api-paths';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { InstitutionSearch } from '../../components/ui/institution-search';
import { DownloadProgress } from '../../components/ui/download-progress';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { type MemberFilters, memberKeys, memberQueries, queryString } from './api';
import { MemberImportDialog } from './import/member-import-dialog';
import { type Selection, StaffMemberSelection } from './staff-member-selection';
import { BusyButton } from '../../components/ui/busy-button';

const SEARCH_DELAY_MS = 250;

/**
 * Every member the user may see, from the server (bank staff and the levels above congregations):
 * search by name, any part of the phone or the member number, gender, church or mosque and zone
 * filters (the last two in the URL, `institutionId` and `zoneId`, so a zone's list can be linked),
 * keyset pages (a stack of cursors, so "previous" is as cheap as "next"), CSV and Excel export, and
 * a selection kept across pages for cards, export and zone moves.
 */
export function StaffMembersPage() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const profile = useQuery(profileQuery()).data;
  const [typed, setTyped] = useState('');
  const [params, setParams] = useSearchParams();
  const institutionId = positive(params.get('institutionId'));
  const zoneId = positive(params.get('zoneId'));
  const [place, setPlace] = useState<{ id: number; title: string } | null>(null);
  const [search, setSearch] = useState<Omit<MemberFilters, 'institutionId' | 'zoneId'>>({ search: '', gender: '' });
  const filters: MemberFilters = { ...search, institutionId, zoneId };
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  const list = useQuery(memberQueries.list(filters, cursor));
  const zones = useQuery({ ...memberQueries.zones(institutionId ?? 0), enabled: institutionId !== undefined });
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const [selection, setSelection] = useState<Selection>(new Map());
  const shown = list.data?.data ?? [];
  const allShown = shown.length > 0 && shown.every((member) => selection.has(member.id));

  const filterBy = (next: { institutionId?: number | undefined; zoneId?: number | undefined }) => {
    const query = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined) query.delete(key);
      else query.set(key, String(value));
    }
    setParams(query, { replace: true });
    setCursors([null]);
  };
  const select = (rows: ReadonlyArray<{ id: number; institutionId: number }>, on: boolean) =>
    setSelection((previous) => {
      const next = new Map(previous);
      for (const row of rows) {
        if (on) next.set(row.id, row.institutionId);
        else next.delete(row.id);
      }
      return next;
    });

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch((previous) => (previous.search === typed.trim() ? previous : { ...previous, search: typed.trim() }));
      setCursors([null]);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const download = useExportDownload();
  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      await download.start(`${apiPaths.membersExport}${queryString({ ...filters, format })}`, `members.${format}`);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    }
  };

  return (
    <section className="page members">
      <div className="section-head">
        <div className="field member-search">
          <label htmlFor="staff-member-search">
            <Trans>Search members</Trans>
          </label>
          <input id="staff-member-search" type="search" autoComplete="off" placeholder={t`Name, phone or member number`} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <Link to={localizedPath(paths.memberTransfers, locale)}>
          <Trans>Member transfers</Trans>
        </Link>
        <div className="field">
          <label htmlFor="member-gender">
            <Trans>Gender</Trans>
          </label>
          <select
            id="member-gender"
            value={filters.gender}
            onChange={(event) => {
              setSearch({ ...search, gender: event.target.value as MemberFilters['gender'] });
              setCursors([null]);
            }}
          >
            <option value="">{t`All`}</option>
            <option value="female">{t`Female`}</option>
            <option value="male">{t`Male`}</option>
          </select>
        </div>
        {canDo(profile, 'members', 'create') ? (
          <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)}>
            <Trans>Import members</Trans>
          </button>
        ) : null}
        {canDo(profile, 'members', 'export') ? (
          <div className="export-actions">
            <BusyButton type="button" className="btn btn-secondary btn-small" busy={download.busy} onClick={() => void exportAs('csv')}>
              <Trans>Export CSV</Trans>
            </BusyButton>
            <BusyButton type="button" className="btn btn-secondary btn-small" busy={download.busy} onClick={() => void exportAs('xlsx')}>
              <Trans>Export Excel</Trans>
            </BusyButton>
            <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
          </div>
        ) : null}
      </div>
      <div className="section-head member-place-filter">
        {institutionId === undefined ? (
          <InstitutionSearch
            id="member-place-filter"
            query={memberQueries.places}
            listClassName="combobox-list"
            onChoose={(chosen) => {
              setPlace(chosen);
              filterBy({ institutionId: chosen.id, zoneId: undefined });
            }}
          />
        ) : (
          <p>
            <Trans>Church or mosque: {place?.id === institutionId ? place.title : (shown[0]?.institutionTitle ?? '')}</Trans>{' '}
            <button type="button" className="btn btn-secondary btn-small" onClick={() => filterBy({ institutionId: undefined, zoneId: undefined })}>
              <Trans>All churches and mosques</Trans>
            </button>
          </p>
        )}
        {institutionId !== undefined && zones.data ? (
          <div className="field">
            <label htmlFor="member-zone-filter">
              <Trans>Zone</Trans>
            </label>
            <select id="member-zone-filter" value={zoneId ?? ''} onChange={(event) => filterBy({ zoneId: positive(event.target.value) })}>
              <option value="">{t`All zones`}</option>
              {zones.data.data.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {institutionId === undefined && zoneId !== undefined ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => filterBy({ zoneId: undefined })}>
            <Trans>Show every zone</Trans>
          </button>
        ) : null}
      </div>
      {selection.size > 0 ? (
        <StaffMemberSelection
          selection={selection}
          mayExport={canDo(profile, 'members', 'export')}
          mayMove={canDo(profile, 'groups', 'update')}
          onClear={() => setSelection(new Map())}
          onMoved={() => {
            setSelection(new Map());
            void queryClient.invalidateQueries({ queryKey: memberKeys.all });
          }}
        />
      ) : null}
      {importing ? (
        // Staff name the church or mosque in the dialog (ADR 053); the list shows the new members once stored.
        <MemberImportDialog institutionId={null} onClose={() => setImporting(false)} onImported={() => void queryClient.invalidateQueries({ queryKey: memberKeys.all })} />
      ) : null}
      <section className="card" aria-label={t`Members`}>
        {list.isPending ? <Spinner label={t`Loading…`} /> : null}
        {list.isError ? (
          <p className="notice notice-error" role="alert">
            {errorText(list.error, t`You are offline. Members appear when the connection is back.`)}
          </p>
        ) : null}
        {list.data && list.data.data.length === 0 ? <EmptyState title={t`No member found`} /> : null}
        {list.data && list.data.data.length > 0 ? (
          <>
            <label className="check-row">
              <input type="checkbox" checked={allShown} onChange={(event) => select(shown, event.target.checked)} />
              <Trans>Select all on this page</Trans>
            </label>
            <DataTable caption={t`Members`} columns={[{ label: t`Select`, hidden: true }, t`Name`, t`Member number`, t`Phone number`, t`Church or mosque`, t`Zone`]}>
              {list.data.data.map((member) => (
                <tr key={member.id}>
                  <td>
                    <input type="checkbox" aria-label={t`Select ${member.names}`} checked={selection.has(member.id)} onChange={(event) => select([member], event.target.checked)} />
                  </td>
                  <td>
                    <Link to={localizedPath(`${paths.members}/${member.id}`, locale)}>{member.names}</Link>
                  </td>
                  <td>{member.code}</td>
                  <td>{member.phone}</td>
                  <td>{member.institutionTitle}</td>
                  <td>{member.zoneName ?? ''}</td>
                </tr>
              ))}
            </DataTable>
            {cursors.length > 1 || list.data.nextCursor ? (
              <nav className="pager" aria-label={t`Pages`}>
                <button type="button" className="btn btn-secondary btn-small" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
                  <Trans>Previous</Trans>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={!list.data.nextCursor}
                  onClick={() => list.data?.nextCursor && setCursors([...cursors, list.data.nextCursor])}
                >
                  <Trans>Next</Trans>
                </button>
              </nav>
            ) : null}
          </>
        ) : null}
      </section>
    </section>
  );
}

/** A positive integer from the URL or a select, else undefined (a hand-edited URL must not break the list). */
function positive(value: string | null): number | undefined {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}
