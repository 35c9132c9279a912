import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import type { LocalBatch, LocalReceipt } from '../../lib/offline/types';
import { batchFigures } from './batch-figures';
import { batchTotals } from './batch-totals';
import { BatchSummary } from './batch-summary';
import { BatchTotalsTable } from './batch-totals-table';
import { closeBatch, useBatchReceipts, useOfferingTypes } from './desk-data';
import { EnvelopeList } from './envelope-list';
import type { Institution, Recorder } from './institution';
import { PrintPreview } from './print-preview';
import { ReceiptForm } from './receipt-form';
import { ReceiptPrint } from './receipt-print';
import { SavedNotice } from './saved-notice';
import { ClosedElsewhere, CloseExplanation, WholeBatch } from './whole-batch';

type BatchEntryProps = {
  institution: Institution;
  recorder: Recorder;
  batches: readonly LocalBatch[];
  batchId: string | null;
  onChooseBatch: (batchId: string | null) => void;
  onOpenBatches: () => void;
};

/** The counting team's screen: one envelope after another, live totals, then close the batch. */
export function BatchEntryTab({ institution, recorder, batches, batchId, onChooseBatch, onOpenBatches }: BatchEntryProps) {
  const { t } = useLingui();
  const receiptTitle = (receiptNo: string) => t`Receipt ${receiptNo}`;
  const closedName = (name: string) => t`${name} (closed)`;
  const batch = batches.find((candidate) => candidate.id === batchId) ?? null;
  // Deferred: after a save the confirmation is drawn first (saved-notice.tsx); the envelope list and
  // the totals follow in a render React may interrupt, so a long batch never holds that frame back.
  const liveReceipts = useDeferredValue(useBatchReceipts(batch?.id ?? ''));
  const receipts = useMemo(() => liveReceipts ?? [], [liveReceipts]);
  const cachedTypes = useOfferingTypes(institution.id);
  const offeringTypes = cachedTypes ?? [];
  const [printing, setPrinting] = useState<LocalReceipt | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [closing, setClosing] = useState(false);
  const totals = useMemo(() => batchTotals(receipts, cachedTypes ?? []), [receipts, cachedTypes]);
  // Every device's envelopes the server has, plus this device's not there yet (issue 11).
  const figures = useMemo(() => batchFigures(batch?.server, receipts), [batch?.server, receipts]);

  if (batches.length === 0) {
    return (
      <EmptyState title={t`No batch is open`}>
        <button type="button" className="btn btn-primary" onClick={onOpenBatches}>
          <Trans>Open a batch</Trans>
        </button>
      </EmptyState>
    );
  }

  const close = async () => {
    if (!batch) return;
    setClosing(true);
    try {
      await closeBatch(batch.id);
    } finally {
      setClosing(false);
      setConfirmClose(false);
    }
  };
  // The latest save's row, so its sync state on the receipt is current when printed later.
  const printed = printing ? (receipts.find((receipt) => receipt.id === printing.id) ?? printing) : null;

  return (
    <div className="batch-entry">
      <div className="field batch-picker">
        <label htmlFor="entry-batch">
          <Trans>Batch</Trans>
        </label>
        <select id="entry-batch" value={batch?.id ?? ''} onChange={(event) => onChooseBatch(event.target.value || null)}>
          <option value="">{t`Choose a batch`}</option>
          {batches.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.closedAt ? closedName(candidate.name) : candidate.name}
            </option>
          ))}
        </select>
      </div>

      {batch === null ? null : cachedTypes === undefined ? (
        // The form's first line takes the first offering type: wait until the cache has answered.
        <Spinner label={t`Loading…`} />
      ) : batch.closedAt === null ? (
        <div className="entry-grid">
          <section className="card" aria-label={t`New envelope`}>
            <ReceiptForm
              key={batch.id}
              institution={institution}
              batchId={batch.id}
              currency={batch.currency}
              defaultDate={batch.serviceDate}
              offeringTypes={offeringTypes}
              recorder={recorder}
            />
            <SavedNotice batchId={batch.id} onPrint={setPrinting} />
          </section>
          <section className="card" aria-label={t`Running totals`}>
            <div className="section-head">
              <h2 className="card-title">
                <Trans>Running totals</Trans>
              </h2>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setConfirmClose(true)}>
                <Trans>Close batch</Trans>
              </button>
            </div>
            <WholeBatch figures={figures} currency={batch.currency} own={receipts.length} />
            <BatchTotalsTable totals={totals} currency={batch.currency} showMethods={false} />
          </section>
        </div>
      ) : (
        <>
          {batch.closedElsewhere ? <ClosedElsewhere figures={figures} currency={batch.currency} /> : null}
          <BatchSummary institution={institution} batch={batch} receipts={receipts} offeringTypes={offeringTypes}>
            <WholeBatch figures={figures} currency={batch.currency} own={receipts.length} />
          </BatchSummary>
        </>
      )}

      {batch ? (
        <section className="card" aria-label={t`Envelopes in this batch`}>
          <h2 className="card-title">
            <Trans>Envelopes in this batch</Trans>
          </h2>
          <EnvelopeList receipts={receipts} onPrint={setPrinting} />
        </section>
      ) : null}

      {confirmClose && batch ? (
        <ConfirmDialog
          title={t`Close this batch?`}
          confirmLabel={t`Close batch`}
          cancelLabel={t`Cancel`}
          busy={closing}
          onConfirm={() => void close()}
          onCancel={() => setConfirmClose(false)}
        >
          <CloseExplanation figures={figures} currency={batch.currency} />
        </ConfirmDialog>
      ) : null}
      {printed ? (
        <PrintPreview title={receiptTitle(printed.receiptNo)} onClose={() => setPrinting(null)}>
          <ReceiptPrint receipt={printed} institution={institution} offeringTypes={offeringTypes} />
        </PrintPreview>
      ) : null}
    </div>
  );
}
