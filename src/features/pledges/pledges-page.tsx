import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { PledgeDueFilter } from '../../../domain/api/pledges';
import { formatMoney } from '../../../domain/money';
import { localizedPath, paths } from '../../../domain/paths';
import { ChoiceFilter } from '../../components/ui/choice-filter';
import { DataTable } from '../../components/ui/data-table';
import { DownloadProgress } from '../../components/ui/download-progress';
import { EmptyState } from '../../components/ui/empty-state';
import { FilterBar } from '../../components/ui/filter-bar';
import { CursorPager } from '../../components/ui/cursor-pager';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorText } from '../../lib/error-message';
import { useCursorStack } from '../../lib/cursor-stack';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { PLEDGE_PAGE_SIZE, pledgesExport, type PledgeListFilters, pledgeQueries } from './api';
import { CampaignsSection } from './campaigns-section';
import { formatDay, formatMoment } from './format';
import { DUE_FILTER_LABELS, STATE_LABELS, STATE_TONES } from './labels';
import { PledgeForm } from './pledge-form';
import './pledges.css';
import { BusyButton } from '../../components/ui/busy-button';

const NO_FILTERS: PledgeListFilters = { due: '', search: '', campaignId: null };
const DUE_FILTERS = Object.keys(DUE_FILTER_LABELS) as PledgeDueFilter[];

/**
 * Pledges the user may see: due windows of spec §9 plus overdue and fulfilled, search, totals of
 * everything the filters match (pledged, paid, remaining), export, a new pledge, and campaigns.
 */
export function PledgesPage() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const profile = useQuery(profileQuery()).data;
  const [params] = useSearchParams();
  // The dashboard's "overdue" and "due in 7 days" figures link here with ?due=.
  const due = params.get('due');
  const initial: PledgeListFilters = due && (DUE_FILTERS as string[]).includes(due) ? { ...NO_FILTERS, due: due as PledgeDueFilter } : NO_FILTERS;
  const [draft, setDraft] = useState(initial);
  const [filters, setFilters] = useState(initial);
  const pages = useCursorStack();
  const [creating, setCreating] = useState(false);
  const download = useExportDownload();
  const list = useQuery(pledgeQueries.list(filters, pages.cursor));
  const money = (amount: number, currency = 'TZS') => formatMoney(amount, currency, i18n.locale);
  const canCreate = canDo(profile, 'pledges', 'create');

  const exportAs = async (format: 'csv' | 'xlsx') => {
    const { path, fileName } = pledgesExport(filters, format);
    try {
      const headers = await download.start(path, fileName);
      const included = Number(headers?.get('x-export-included') ?? 0);
      const count = Number(headers?.get('x-export-count') ?? 0);
      if (included < count) showToast({ tone: 'info', message: t`Only the first ${included} of ${count} pledges are in the file. Narrow the filters to export the rest.` });
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    }
  };

  return (
    <div className="page pledges">
      {canCreate && !creating ? (
        <div className="section-head">
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <Trans>New pledge</Trans>
          </button>
        </div>
      ) : null}
      {creating ? (
        <PledgeForm
          onDone={(id) => {
            setCreating(false);
            if (id !== null) navigate(localizedPath(`${paths.pledge}/${id}`, locale));
          }}
        />
      ) : null}
      <FilterBar
        label={t`Find pledges`}
        onSubmit={() => {
          setFilters({ ...draft, search: draft.search.trim() });
          pages.reset();
        }}
        extra={
          canDo(profile, 'pledges', 'export') ? (
            <div className="export-actions">
              <BusyButton type="button" className="btn btn-secondary btn-small" busy={download.busy} onClick={() => void exportAs('csv')}>
                <Trans>Export CSV</Trans>
              </BusyButton>
              <BusyButton type="button" className="btn btn-secondary btn-small" busy={download.busy} onClick={() => void exportAs('xlsx')}>
                <Trans>Export Excel</Trans>
              </BusyButton>
              <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
            </div>
          ) : null
        }
      >
        <div className="field">
          <label htmlFor="pledge-due-filter">
            <Trans>Due</Trans>
          </label>
          <ChoiceFilter
            id="pledge-due-filter"
            value={draft.due}
            allLabel={t`All pledges`}
            options={DUE_FILTERS.map((value) => ({ value, label: i18n._(DUE_FILTER_LABELS[value]) }))}
            onChange={(due) => setDraft({ ...draft, due })}
          />
        </div>
        <div className="field pledge-search">
          <label htmlFor="pledge-search">
            <Trans>Search</Trans>
          </label>
          <input id="pledge-search" type="search" autoComplete="off" placeholder={t`Name, phone or member number`} value={draft.search} onChange={(event) => setDraft({ ...draft, search: event.target.value })} />
        </div>
      </FilterBar>
      {list.data ? (
        <dl className="pledge-totals card" aria-label={t`Totals`}>
          <div>
            <dt>
              <Trans>Pledged</Trans>
            </dt>
            <dd data-testid="total-pledged">{money(list.data.totals.total)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Paid</Trans>
            </dt>
            <dd data-testid="total-paid">{money(list.data.totals.paid)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Remaining</Trans>
            </dt>
            <dd data-testid="total-remaining">{money(list.data.totals.remaining)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Pledges</Trans>
            </dt>
            <dd>{list.data.count}</dd>
          </div>
        </dl>
      ) : null}
      <section className="card" aria-label={t`Pledges`}>
        {list.isPending ? <Spinner label={t`Loading…`} /> : null}
        {list.isError ? (
          <p className="notice notice-error" role="alert">
            {errorText(list.error, t`You are offline. Pledges appear when the connection is back.`)}
          </p>
        ) : null}
        {list.data && list.data.data.length === 0 ? <EmptyState title={t`No pledges match these filters.`} /> : null}
        {list.data && list.data.data.length > 0 ? (
          <>
            <DataTable
              caption={t`Pledges`}
              columns={[
                t`Member`,
                t`Offering type`,
                { label: t`Pledged`, numeric: true },
                { label: t`Paid`, numeric: true },
                { label: t`Remaining`, numeric: true },
                t`Due date`,
                t`State`,
                t`Reminded`,
              ]}
            >
              {list.data.data.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={localizedPath(`${paths.pledge}/${row.id}`, locale)}>{row.memberName}</Link> <span className="muted small">{row.memberCode}</span>
                  </td>
                  <td>{row.offeringTypeTitle ?? ''}</td>
                  <td className="num">{money(row.total, row.currency)}</td>
                  <td className="num">{money(row.paid, row.currency)}</td>
                  <td className="num">{money(row.remaining, row.currency)}</td>
                  <td>{formatDay(row.dueDate, i18n.locale)}</td>
                  <td>
                    <StatusBadge tone={STATE_TONES[row.state]} label={i18n._(STATE_LABELS[row.state])} />
                  </td>
                  <td>{row.remindedAt ? formatMoment(row.remindedAt, i18n.locale) : ''}</td>
                </tr>
              ))}
            </DataTable>
            <CursorPager page={pages.page} nextCursor={list.data.nextCursor} onNext={pages.next} onPrevious={pages.previous} count={list.data.count} limit={PLEDGE_PAGE_SIZE} />
          </>
        ) : null}
      </section>
      <CampaignsSection canCreate={canCreate} />
    </div>
  );
}
