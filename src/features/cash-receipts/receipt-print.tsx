import { Trans, useLingui } from '@lingui/react/macro';
import type { OfferingType } from '../../../domain/api/receipts';
import { money as formatMoney } from './money-text';
import type { LocalReceipt } from '../../lib/offline/types';
import { receiptAmount } from './batch-totals';
import type { Institution } from './institution';
import { methodLabels, looseOfferingLabel } from './labels';

/** A cash receipt as handed to the giver; marked while it has not reached the server yet. */
export function ReceiptPrint({ receipt, institution, offeringTypes }: { receipt: LocalReceipt; institution: Institution; offeringTypes: readonly OfferingType[] }) {
  const { i18n } = useLingui();
  const { payload } = receipt;
  const titles = new Map(offeringTypes.map((type) => [type.id, type.title]));
  const money = (amount: number) => formatMoney(amount, payload.currency, i18n.locale);
  const received = new Date(payload.receivedAt).toLocaleString(i18n.locale === 'sw' ? 'sw-TZ' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const method = i18n._(methodLabels[payload.method ?? 'cash']);
  const recorder = receipt.recordedBy.name;
  return (
    <article className="printed-receipt">
      <header className="printed-head">
        <p className="printed-institution">{institution.name}</p>
        {institution.code ? <p className="muted">{institution.code}</p> : null}
        <h3>
          <Trans>Cash receipt</Trans>
        </h3>
        <p className="printed-number">{receipt.receiptNo}</p>
        {receipt.syncState !== 'synced' ? (
          <p className="printed-pending">
            <Trans>Pending sync: not yet confirmed by the bank</Trans>
          </p>
        ) : null}
      </header>
      <dl className="printed-details">
        <div>
          <dt>
            <Trans>Received from</Trans>
          </dt>
          <dd>
            {receipt.giverName || i18n._(looseOfferingLabel)}
            {receipt.giverPhone ? <span className="printed-sub"> {receipt.giverPhone}</span> : null}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Date received</Trans>
          </dt>
          <dd>{received}</dd>
        </div>
        <div>
          <dt>
            <Trans>Payment method</Trans>
          </dt>
          <dd>
            {method}
            {payload.chequeNo ? ` ${payload.chequeNo}` : ''}
          </dd>
        </div>
      </dl>
      <table className="printed-lines">
        <tbody>
          {payload.lines.map((line, index) => (
            <tr key={index}>
              <td>{titles.get(line.offeringTypeId) ?? `#${line.offeringTypeId}`}</td>
              <td className="num">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            <td className="num">{money(receiptAmount(receipt))}</td>
          </tr>
        </tfoot>
      </table>
      {payload.note ? <p className="printed-note">{payload.note}</p> : null}
      <p className="printed-foot">
        <Trans>Recorded by {recorder}</Trans>
      </p>
    </article>
  );
}
