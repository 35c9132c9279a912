import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { DownloadProgress } from '../../components/ui/download-progress';
import { EmptyState } from '../../components/ui/empty-state';
import { useCursorStack } from '../../lib/cursor-stack';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { paymentQueries, type TransactionFilters } from './api';
import { filtersFromAddress } from './filters-from-address';
import { type ExportFormat, transactionsExport } from './export-download';
import { money } from './format';
import { PagedSection } from './paged-section';
import { TransactionDetailDialog } from './transaction-detail';
import { TransactionFiltersBar } from './transaction-filters';
import { TransactionTable } from './transaction-table';
import './payments.css';
import { BusyButton } from '../../components/ui/busy-button';

const DEFAULT_FILTERS: TransactionFilters = { status: 'all', range: '1m' };

/**
 * Every transaction the user may see (scoped by the server), with status, date range, search,
 * method and operator filters; totals per currency; the detail of one; CSV and Excel export.
 */
export function TransactionsPage() {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const profile = useQuery(profileQuery()).data;
  const [params, setParams] = useSearchParams();
  // A dashboard or statistics figure links here with its filters in the address.
  const [filters, setFilters] = useState<TransactionFilters>(() => filtersFromAddress(params, DEFAULT_FILTERS));
  const pages = useCursorStack();
  const download = useExportDownload();
  const openId = params.get('id');
  const customIncomplete = filters.range === 'custom' && (!filters.from || !filters.to || filters.from > filters.to);
  const list = useQuery({ ...paymentQueries.transactions(filters, pages.cursor), enabled: !customIncomplete });

  const { reset } = pages;
  const change = useCallback(
    (next: TransactionFilters) => {
      setFilters(next);
      reset();
    },
    [reset],
  );
  const open = (id: string) => setParams((previous) => ({ ...Object.fromEntries(previous), id }));
  const close = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('id');
      return next;
    });
  const exportAs = async (format: ExportFormat) => {
    const { path, fileName } = transactionsExport(filters, format);
    try {
      await download.start(path, fileName);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    }
  };
  const canExport = canDo(profile, 'transactions', 'export');

  return (
    <div className="page transactions">
      <nav className="sub-links" aria-label={t`Payments`}>
        <Link to={localizedPath(paths.failedCredits, locale)}>
          <Trans>Failed credits</Trans>
        </Link>
        <Link to={localizedPath(paths.settlements, locale)}>
          <Trans>Settlement history</Trans>
        </Link>
      </nav>
      <TransactionFiltersBar filters={filters} onChange={change} />
      {filters.institutionId !== undefined ? (
        <p className="notice" role="status">
          <Trans>Only one church or mosque and those below it, as the figure you followed.</Trans>{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => change({ ...filters, institutionId: undefined })}>
            <Trans>Show all</Trans>
          </button>
        </p>
      ) : null}
      {filters.branchId !== undefined || filters.religionId !== undefined ? (
        <p className="notice" role="status">
          {/* The figure followed was one branch's or one religion's (the bank dashboard): say which filter holds. */}
          {filters.branchId !== undefined ? t`Branch` : t`Religion`}{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => change({ ...filters, branchId: undefined, religionId: undefined })}>
            <Trans>Show all</Trans>
          </button>
        </p>
      ) : null}
      {filters.offeringTypeId !== undefined ? (
        <p className="notice" role="status">
          <Trans>Only transactions with a gift to one offering type, as the figure you followed; each is shown whole.</Trans>{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => change({ ...filters, offeringTypeId: undefined })}>
            <Trans>Show all</Trans>
          </button>
        </p>
      ) : null}
      {customIncomplete ? (
        <p className="notice notice-warning" role="status">
          <Trans>Choose a start date that is not after the end date</Trans>
        </p>
      ) : null}
      <div className="section-head">
        <ul className="history-totals" aria-label={t`Totals`}>
          {(list.data?.totals ?? []).map((total) => {
            const count = total.count;
            const amount = money(total.amount, total.currency, i18n.locale);
            const fees = money(total.fee, total.currency, i18n.locale);
            return (
              <li key={total.currency}>
                <Trans>
                  {count} transactions, {amount} (fees {fees})
                </Trans>
              </li>
            );
          })}
        </ul>
        {canExport ? (
          <div className="export-actions">
            <BusyButton type="button" className="btn btn-secondary btn-small" busy={download.busy} disabled={customIncomplete} onClick={() => void exportAs('csv')}>
              <Trans>Export CSV</Trans>
            </BusyButton>
            <BusyButton type="button" className="btn btn-secondary btn-small" busy={download.busy} disabled={customIncomplete} onClick={() => void exportAs('xlsx')}>
              <Trans>Export Excel</Trans>
            </BusyButton>
            <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
          </div>
        ) : null}
      </div>
      <PagedSection
        label={t`Transactions`}
        list={list}
        idle={customIncomplete}
        offlineText={t`You are offline. Transactions appear when the connection is back.`}
        empty={<EmptyState title={t`No transactions match these filters.`} />}
        pages={pages}
      >
        {(rows) => <TransactionTable rows={rows} onOpen={open} />}
      </PagedSection>
      {openId ? <TransactionDetailDialog id={openId} onClose={close} /> : null}
    </div>
  );
}
