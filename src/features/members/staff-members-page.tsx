import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { apiPaths } from '../../../domain/api-paths';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { DownloadProgress } from '../../components/ui/download-progress';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { downloadFile } from '../../lib/export-download';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { type MemberFilters, memberKeys, memberQueries, queryString } from './api';
import { MemberImportDialog } from './import/member-import-dialog';

const SEARCH_DELAY_MS = 250;

/**
 * Every member the user may see, from the server (bank staff and the levels above congregations):
 * search by name, any part of the phone or the member number, gender filter, keyset pages (a stack
 * of cursors, so "previous" is as cheap as "next"), CSV and Excel export.
 */
export function StaffMembersPage() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const profile = useQuery(profileQuery()).data;
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<MemberFilters>({ search: '', gender: '' });
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  const list = useQuery(memberQueries.list(filters, cursor));
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((previous) => (previous.search === typed.trim() ? previous : { ...previous, search: typed.trim() }));
      setCursors([null]);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // A sheet of A4 cards (10 a page) for the members on this page of the list.
  const printCards = async (ids: number[]) => {
    try {
      await downloadFile(`${apiPaths.memberCards}${queryString({ ids: ids.join(','), layout: 'a4' })}`, 'member-cards.pdf');
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    }
  };

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
        {list.data && list.data.data.length > 0 ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void printCards(list.data.data.map((member) => member.id))}>
            <Trans>Cards of this page (PDF)</Trans>
          </button>
        ) : null}
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
              setFilters({ ...filters, gender: event.target.value as MemberFilters['gender'] });
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
            <button type="button" className="btn btn-secondary btn-small" disabled={download.busy} onClick={() => void exportAs('csv')}>
              <Trans>Export CSV</Trans>
            </button>
            <button type="button" className="btn btn-secondary btn-small" disabled={download.busy} onClick={() => void exportAs('xlsx')}>
              <Trans>Export Excel</Trans>
            </button>
            <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
          </div>
        ) : null}
      </div>
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
            <DataTable caption={t`Members`} columns={[t`Name`, t`Member number`, t`Phone number`, t`Church or mosque`, t`Zone`]}>
              {list.data.data.map((member) => (
                <tr key={member.id}>
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
