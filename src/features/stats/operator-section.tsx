import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { OPERATOR_WALLETS } from '../../../domain/operators';
import type { MobileOperator } from '../../../domain/statuses';
import { ShareBars } from '../../components/charts/share-bars';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';

/** The wallet's name people know (brand names are not translated); an unknown code as it is. */
export const operatorLabel = (operator: string) => OPERATOR_WALLETS[operator as MobileOperator] ?? operator;

type Props = {
  rows: ReadonlyArray<{ operator: string; amount: number; count: number }>;
  /** The transactions list filtered the way the figure was counted (operator, period, scope). */
  linkOf: (operator: string) => string;
  money: (amount: number) => string;
  /** The section's class and heading id where it stands (the dashboard's grid, a statistics card). */
  className: string;
  headingId: string;
};

/**
 * The period's completed mobile-money givings per network operator (cash, cheque, card and bank name
 * none), on the dashboard and the statistics page: a chart and the table that carries its values,
 * each figure a link to the transactions behind it.
 */
export function OperatorSection({ rows, linkOf, money, className, headingId }: Props) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <section className={className} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>By network operator</Trans>
      </h3>
      {rows.length === 0 ? (
        <EmptyState title={t`No mobile money in this period`} />
      ) : (
        <>
          <ShareBars label={t`Collected by network operator`} bars={rows.map((row) => ({ key: row.operator, label: operatorLabel(row.operator), value: row.amount, display: money(row.amount) }))} />
          <DataTable caption={t`Collected by network operator`} columns={[t`Network operator`, { label: t`Collected`, numeric: true }, { label: t`Givings`, numeric: true }]}>
            {rows.map((row) => (
              <tr key={row.operator}>
                <td>{operatorLabel(row.operator)}</td>
                <td className="num">
                  <Link to={linkOf(row.operator)}>{money(row.amount)}</Link>
                </td>
                <td className="num">{number.format(row.count)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
