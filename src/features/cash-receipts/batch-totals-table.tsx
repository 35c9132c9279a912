import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { money as formatMoney } from './money-text';
import type { BatchTotals } from './batch-totals';
import { methodLabels } from './labels';

/**
 * Envelopes and money per offering type (and, for the deposit check, per method). Used live
 * during entry and on the closed batch's summary and its print.
 */
export const BatchTotalsTable = memo(function BatchTotalsTable({ totals, currency, showMethods }: { totals: BatchTotals; currency: string; showMethods: boolean }) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency, i18n.locale);
  return (
    <div className="table-wrap">
      <table className="table totals-table" aria-label={t`Totals by offering type`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Offering type</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Envelopes</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Amount</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.byType.map((row) => (
            <tr key={row.offeringTypeId}>
              <th scope="row">{row.title}</th>
              <td className="num">{row.count}</td>
              <td className="num">{money(row.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            <td className="num" data-testid="batch-count">
              {totals.count}
            </td>
            <td className="num" data-testid="batch-total">
              {money(totals.amount)}
            </td>
          </tr>
        </tfoot>
      </table>
      {showMethods ? (
        <table className="table totals-table" aria-label={t`Totals by payment method`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Payment method</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Envelopes</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Amount</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.byMethod.map((row) => (
              <tr key={row.method}>
                <th scope="row">{i18n._(methodLabels[row.method])}</th>
                <td className="num">{row.count}</td>
                <td className="num">{money(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
});
