import { Trans, useLingui } from '@lingui/react/macro';
import { memo, type ReactNode } from 'react';
import { money as formatMoney } from './money-text';
import type { BatchTotals } from './batch-totals';
import { methodLabels } from './labels';
import { ScrollRegion } from '../../components/ui/scroll-region';

type CountRow = { key: string | number; name: string; count: number; amount: number };

/** One breakdown: a row per group with its envelope count and money, and an optional total row. */
function CountTable({ label, heading, rows, money, footer }: { label: string; heading: ReactNode; rows: readonly CountRow[]; money: (amount: number) => string; footer?: ReactNode }) {
  return (
    <table className="table totals-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className="num">
            <Trans>Envelopes</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Amount</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            <td className="num">{row.count}</td>
            <td className="num">{money(row.amount)}</td>
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}

/**
 * Envelopes and money per offering type (and, for the deposit check, per method). Used live
 * during entry and on the closed batch's summary and its print.
 */
export const BatchTotalsTable = memo(function BatchTotalsTable({ totals, currency, showMethods }: { totals: BatchTotals; currency: string; showMethods: boolean }) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, currency, i18n.locale);
  return (
    <ScrollRegion label={t`Totals by offering type`}>
      <CountTable
        label={t`Totals by offering type`}
        heading={<Trans>Offering type</Trans>}
        rows={totals.byType.map((row) => ({ key: row.offeringTypeId, name: row.title, count: row.count, amount: row.amount }))}
        money={money}
        footer={
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
        }
      />
      {showMethods ? (
        <CountTable
          label={t`Totals by payment method`}
          heading={<Trans>Payment method</Trans>}
          rows={totals.byMethod.map((row) => ({ key: row.method, name: i18n._(methodLabels[row.method]), count: row.count, amount: row.amount }))}
          money={money}
        />
      ) : null}
    </ScrollRegion>
  );
});
