import { Trans, useLingui } from '@lingui/react/macro';
import type { CashReceiptRow } from '../../../domain/api/receipts';
import type { OfferingType } from '../../../domain/api/receipts';
import { money as formatMoney } from './money-text';
import type { LocalReceipt } from '../../lib/offline/types';
import { receiptAmount } from './batch-totals';
import { SyncStateBadge } from './sync-state-badge';
import { looseOfferingLabel } from './labels';
import { ScrollRegion } from '../../components/ui/scroll-region';

function useDateText() {
  const { i18n } = useLingui();
  return (iso: string) => new Date(iso).toLocaleDateString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium' });
}

function HistoryHead() {
  return (
    <thead>
      <tr>
        <th scope="col">
          <Trans>Receipt number</Trans>
        </th>
        <th scope="col">
          <Trans>Date received</Trans>
        </th>
        <th scope="col">
          <Trans>Giver</Trans>
        </th>
        <th scope="col">
          <Trans>Offerings</Trans>
        </th>
        <th scope="col" className="num">
          <Trans>Amount</Trans>
        </th>
        <th scope="col">
          <Trans>Recorded by</Trans>
        </th>
        <th scope="col">
          <Trans>Sync</Trans>
        </th>
      </tr>
    </thead>
  );
}

/** Entries still on this device (pending, or refused with a reason), shown beside the server's. */
export function UnsentTable({ receipts, offeringTypes }: { receipts: readonly LocalReceipt[]; offeringTypes: readonly OfferingType[] }) {
  const { t, i18n } = useLingui();
  const dateText = useDateText();
  const titles = new Map(offeringTypes.map((type) => [type.id, type.title]));
  return (
    <ScrollRegion label={t`On this device, not yet synced`}>
      <table className="table history-table" aria-label={t`On this device, not yet synced`}>
        <HistoryHead />
        <tbody>
          {receipts.map((receipt) => (
            <tr key={receipt.id} className="row-unsent" data-receipt-no={receipt.receiptNo}>
              <td>{receipt.receiptNo}</td>
              <td>{dateText(receipt.payload.receivedAt)}</td>
              <td>{receipt.giverName || i18n._(looseOfferingLabel)}</td>
              <td>{receipt.payload.lines.map((line) => titles.get(line.offeringTypeId) ?? `#${line.offeringTypeId}`).join(', ')}</td>
              <td className="num">{formatMoney(receiptAmount(receipt), receipt.payload.currency, i18n.locale)}</td>
              <td>{receipt.recordedBy.name}</td>
              <td>
                <SyncStateBadge state={receipt.syncState} reason={receipt.syncMessage} />
                {receipt.syncMessage ? <span className="sync-reason">{receipt.syncMessage}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function SyncedTable({ rows }: { rows: readonly CashReceiptRow[] }) {
  const { t, i18n } = useLingui();
  const dateText = useDateText();
  return (
    <ScrollRegion label={t`Synced receipts`}>
      <table className="table history-table" aria-label={t`Synced receipts`}>
        <HistoryHead />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-receipt-no={row.receiptNo ?? ''}>
              <td>{row.receiptNo ?? ''}</td>
              <td>{dateText(row.receivedAt)}</td>
              <td>
                {row.memberName ?? row.payerName ?? i18n._(looseOfferingLabel)}
                {row.memberCode ? <span className="muted"> {row.memberCode}</span> : null}
              </td>
              <td>{row.lines.map((line) => line.title).join(', ')}</td>
              <td className="num">{formatMoney(row.amount, row.currency, i18n.locale)}</td>
              <td>{row.recordedByName ?? ''}</td>
              <td>
                <SyncStateBadge state="synced" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
