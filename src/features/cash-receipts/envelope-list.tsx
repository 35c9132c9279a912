import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { money as formatMoney } from './money-text';
import type { LocalReceipt } from '../../lib/offline/types';
import { receiptAmount } from './batch-totals';
import { SyncStateBadge } from './sync-state-badge';
import { looseOfferingLabel } from './labels';
import { ScrollRegion } from '../../components/ui/scroll-region';

/** The envelopes of a batch, newest first, with their receipt numbers and where each stands. Memoised: it re-renders when the rows change, not on every keystroke of the form beside it. */
export const EnvelopeList = memo(function EnvelopeList({ receipts, onPrint }: { receipts: readonly LocalReceipt[]; onPrint: (receipt: LocalReceipt) => void }) {
  const { t, i18n } = useLingui();
  if (receipts.length === 0) {
    return (
      <p className="result-empty">
        <Trans>No envelopes in this batch yet.</Trans>
      </p>
    );
  }
  const printLabel = (receiptNo: string) => t`Print receipt ${receiptNo}`;
  const newestFirst = [...receipts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ScrollRegion label={t`Envelopes`}>
      <table className="table envelope-table" aria-label={t`Envelopes`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Receipt number</Trans>
            </th>
            <th scope="col">
              <Trans>Giver</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Amount</Trans>
            </th>
            <th scope="col">
              <Trans>Sync</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((receipt) => (
            <tr key={receipt.id} data-receipt-no={receipt.receiptNo}>
              <td>{receipt.receiptNo}</td>
              <td>{receipt.giverName || i18n._(looseOfferingLabel)}</td>
              <td className="num">{formatMoney(receiptAmount(receipt), receipt.payload.currency, i18n.locale)}</td>
              <td>
                <SyncStateBadge state={receipt.syncState} reason={receipt.syncMessage} />
                {receipt.syncMessage && receipt.syncState !== 'synced' ? <span className="sync-reason">{receipt.syncMessage}</span> : null}
              </td>
              <td>
                <button type="button" className="btn btn-link" onClick={() => onPrint(receipt)} aria-label={printLabel(receipt.receiptNo)}>
                  <Trans>Print</Trans>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
});
