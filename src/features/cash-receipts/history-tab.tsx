import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { money as formatMoney } from './money-text';
import { DownloadProgress } from '../../components/ui/download-progress';
import { CursorPager } from '../../components/ui/cursor-pager';
import { Spinner } from '../../components/ui/spinner';
import { NetworkError } from '../../lib/api-client';
import { useCursorStack } from '../../lib/cursor-stack';
import type { LocalBatch } from '../../lib/offline/types';
import { showToast } from '../../lib/toast';
import { useExportDownload } from '../../lib/use-export-download';
import { HISTORY_PAGE_SIZE, cashReceiptQueries } from './api';
import { receiptAmount } from './batch-totals';
import { useLocalReceipts, useOfferingTypes } from './desk-data';
import { type ExportFormat, receiptsExport } from './export-download';
import { emptyHistoryView, serverFilters, unsentMatching, type HistoryView } from './history-filters-model';
import { HistoryFiltersBar } from './history-filters';
import { SyncedTable, UnsentTable } from './history-tables';
import type { Institution, Recorder } from './institution';
import { BusyButton } from '../../components/ui/busy-button';

const DEFAULT_CURRENCY = 'TZS';

/** Synced receipts from the server beside the ones still on this device; filters, totals, export. */
export function HistoryTab({ institution, recorder, batches }: { institution: Institution; recorder: Recorder; batches: readonly LocalBatch[] }) {
  const { t, i18n } = useLingui();
  const [view, setView] = useState<HistoryView>(emptyHistoryView);
  const [resetKey, setResetKey] = useState(0);
  const pages = useCursorStack();
  const download = useExportDownload();
  const offeringTypes = useOfferingTypes(institution.id) ?? [];
  const local = useLocalReceipts({ institutionId: institution.id }) ?? [];
  const filters = serverFilters(view, recorder.id);
  const server = useQuery({ ...cashReceiptQueries.history(institution.id, filters ?? {}, pages.cursor), enabled: filters !== null });
  const offline = server.error instanceof NetworkError;
  // A receipt the server stored while its answer was lost is 'sending' here and listed there: show it once.
  const onServer = new Set((server.data?.data ?? []).map((row) => row.id));
  const unsent = unsentMatching(local, view, recorder.id, institution.timeZone).filter((receipt) => !onServer.has(receipt.id));

  const change = (next: HistoryView) => {
    setView(next);
    pages.reset();
  };
  const exportAs = async (format: ExportFormat) => {
    const { path, fileName } = receiptsExport(institution.id, filters ?? {}, format);
    try {
      await download.start(path, fileName);
    } catch {
      showToast({ tone: 'error', title: t`Error`, message: t`Export failed` });
    }
  };

  const currency = server.data?.data[0]?.currency ?? unsent[0]?.payload.currency ?? DEFAULT_CURRENCY;
  const serverCount = server.data?.count ?? 0;
  // Amounts of different currencies never add up: one total per currency when the server splits them.
  const serverTotal = (server.data?.totals.byCurrency ?? [{ currency, amount: server.data?.totals.amount ?? 0 }])
    .map((part) => formatMoney(part.amount, part.currency, i18n.locale))
    .join(' + ');
  const deviceTotal = formatMoney(
    unsent.reduce((sum, receipt) => sum + receiptAmount(receipt), 0),
    currency,
    i18n.locale,
  );
  const deviceCount = unsent.length;

  return (
    <div className="page history">
      <HistoryFiltersBar
        institutionId={institution.id}
        view={view}
        onChange={change}
        offeringTypes={offeringTypes}
        batches={batches}
        resetKey={resetKey}
        onReset={() => {
          change(emptyHistoryView);
          setResetKey((key) => key + 1);
        }}
      />
      <div className="section-head">
        <ul className="history-totals" aria-label={t`Totals`}>
          {filters !== null && server.data ? (
            <li>
              <Trans>
                Synced: {serverCount} receipts, {serverTotal}
              </Trans>
            </li>
          ) : null}
          {filters !== null && server.data
            ? server.data.totals.byOfferingType.map((row) => (
                <li key={row.offeringTypeId} className="history-type-total">
                  {row.title}: {formatMoney(row.amount, currency, i18n.locale)} ({row.count})
                </li>
              ))
            : null}
          {deviceCount > 0 ? (
            <li>
              <Trans>
                On this device: {deviceCount} receipts, {deviceTotal}
              </Trans>
            </li>
          ) : null}
        </ul>
        <div className="export-actions">
          <BusyButton type="button" className="btn btn-secondary btn-small" busy={download.busy} disabled={filters === null} onClick={() => void exportAs('csv')}>
            <Trans>Export CSV</Trans>
          </BusyButton>
          <BusyButton type="button" className="btn btn-secondary btn-small" busy={download.busy} disabled={filters === null} onClick={() => void exportAs('xlsx')}>
            <Trans>Export Excel</Trans>
          </BusyButton>
          <DownloadProgress progress={download.progress} cancelled={download.cancelled} onCancel={download.cancel} />
        </div>
      </div>

      {offline ? (
        <p className="notice notice-warning" role="status">
          <Trans>You are offline. Showing only the entries on this device; synced receipts appear when the connection is back.</Trans>
        </p>
      ) : null}
      {server.isError && !offline ? (
        <p className="notice notice-error" role="alert">
          <Trans>The history is not available right now.</Trans>
        </p>
      ) : null}

      {unsent.length > 0 ? (
        <section className="card" aria-label={t`On this device, not yet synced`}>
          <h2 className="card-title">
            <Trans>On this device, not yet synced</Trans>
          </h2>
          <UnsentTable receipts={unsent} offeringTypes={offeringTypes} />
        </section>
      ) : null}

      {filters !== null ? (
        <section className="card" aria-label={t`Synced receipts`}>
          <h2 className="card-title">
            <Trans>Synced receipts</Trans>
          </h2>
          {server.isPending && !offline ? <Spinner label={t`Loading…`} /> : null}
          {server.data ? (
            server.data.data.length === 0 ? (
              <p className="result-empty">
                <Trans>No receipts match these filters.</Trans>
              </p>
            ) : (
              <>
                <SyncedTable rows={server.data.data} />
                <CursorPager page={pages.page} nextCursor={server.data.nextCursor} onNext={pages.next} onPrevious={pages.previous} count={server.data.count} limit={HISTORY_PAGE_SIZE} />
              </>
            )
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
