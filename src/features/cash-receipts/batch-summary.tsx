import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { OfferingType } from '../../../domain/api/receipts';
import { money as formatMoney } from './money-text';
import type { LocalBatch, LocalReceipt } from '../../lib/offline/types';
import { batchTotals, receiptAmount, type BatchTotals } from './batch-totals';
import { BatchTotalsTable } from './batch-totals-table';
import type { Institution } from './institution';
import { PrintPreview } from './print-preview';
import { looseOfferingLabel } from './labels';

function BatchSummaryPrint({ institution, batch, totals, receipts }: { institution: Institution; batch: LocalBatch; totals: BatchTotals; receipts: readonly LocalReceipt[] }) {
  const { i18n } = useLingui();
  const pending = receipts.filter((receipt) => receipt.syncState !== 'synced').length;
  const serviceDate = batch.serviceDate;
  return (
    <article className="printed-receipt printed-batch">
      <header className="printed-head">
        <p className="printed-institution">{institution.name}</p>
        <h3>{batch.name}</h3>
        <p>
          <Trans>Service date {serviceDate}</Trans>
        </p>
        {pending > 0 ? (
          <p className="printed-pending">
            <Trans>{pending} envelopes not yet synced</Trans>
          </p>
        ) : null}
      </header>
      <BatchTotalsTable totals={totals} currency={batch.currency} showMethods />
      <table className="printed-lines">
        <tbody>
          {receipts.map((receipt) => (
            <tr key={receipt.id}>
              <td>{receipt.receiptNo}</td>
              <td>{receipt.giverName || i18n._(looseOfferingLabel)}</td>
              <td className="num">{formatMoney(receiptAmount(receipt), batch.currency, i18n.locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="printed-foot">
        <Trans>Counted by: ____________________ Checked by: ____________________</Trans>
      </p>
    </article>
  );
}

/** A closed batch: the totals to match against the bank deposit, and its print. */
export function BatchSummary({
  institution,
  batch,
  receipts,
  offeringTypes,
  children,
}: {
  institution: Institution;
  batch: LocalBatch;
  receipts: readonly LocalReceipt[];
  offeringTypes: readonly OfferingType[];
  /** Above the totals: the whole batch across devices (whole-batch.tsx). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [printing, setPrinting] = useState(false);
  const totals = batchTotals(receipts, offeringTypes);
  const ordered = [...receipts].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <section className="card batch-summary" aria-label={t`Batch summary`}>
      <div className="section-head">
        <h2 className="card-title">
          <Trans>Batch summary</Trans>
        </h2>
        <button type="button" className="btn btn-secondary" onClick={() => setPrinting(true)}>
          <Trans>Print summary</Trans>
        </button>
      </div>
      <p className="muted">
        <Trans>This batch is closed. Match these totals against the bank deposit.</Trans>
      </p>
      {children}
      <BatchTotalsTable totals={totals} currency={batch.currency} showMethods />
      {printing ? (
        <PrintPreview title={t`Batch summary`} onClose={() => setPrinting(false)}>
          <BatchSummaryPrint institution={institution} batch={batch} totals={totals} receipts={ordered} />
        </PrintPreview>
      ) : null}
    </section>
  );
}
