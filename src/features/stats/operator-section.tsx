import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { StatsOverview } from '../../../domain/api/stats';
import type { Locale } from '../../../domain/locale';
import { OPERATOR_WALLETS } from '../../../domain/operators';
import { localizedPath, paths } from '../../../domain/paths';
import type { MobileOperator } from '../../../domain/statuses';
import { ShareBars } from '../../components/charts/share-bars';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';

type Props = { data: StatsOverview; locale: Locale; money: (amount: number) => string };

/**
 * The period's completed mobile-money givings per network operator (cash, cheque, card and bank name
 * none): a chart and the table that carries its values, each figure a link to the transactions list
 * filtered the same way (operator, period, the institution and everything below it).
 */
export function OperatorSection({ data, locale, money }: Props) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const label = (operator: string) => OPERATOR_WALLETS[operator as MobileOperator] ?? operator;
  const link = (operator: string) => {
    const query = new URLSearchParams({ status: 'completed', range: 'custom', from: data.from, to: data.to, operator });
    if (data.institution) query.set('institutionId', String(data.institution.id));
    return `${localizedPath(paths.transactions, locale)}?${query.toString()}`;
  };
  return (
    <section className="stats-section card" aria-labelledby="stats-operator-heading">
      <h3 id="stats-operator-heading">
        <Trans>By network operator</Trans>
      </h3>
      {data.byOperator.length === 0 ? (
        <EmptyState title={t`No mobile money in this period`} />
      ) : (
        <>
          <ShareBars label={t`Collected by network operator`} bars={data.byOperator.map((row) => ({ key: row.operator, label: label(row.operator), value: row.amount, display: money(row.amount) }))} />
          <DataTable caption={t`Collected by network operator`} columns={[t`Network operator`, { label: t`Collected`, numeric: true }, { label: t`Givings`, numeric: true }]}>
            {data.byOperator.map((row) => (
              <tr key={row.operator}>
                <td>{label(row.operator)}</td>
                <td className="num">
                  <Link to={link(row.operator)}>{money(row.amount)}</Link>
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
