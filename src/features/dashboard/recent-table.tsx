import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { RecentTransaction } from '../../../domain/api/dashboard';
import { formatMoney } from '../../../domain/money';
import { EmptyState } from '../../components/ui/empty-state';
import { ScrollRegion } from '../../components/ui/scroll-region';
import { methodLabels, statusLabels } from './labels';

/**
 * The latest transactions; amount and status lead so they stay on screen when the row scrolls. Each
 * reference opens that transaction (`linkOf`: the list found by its reference, its detail open).
 */
export function RecentTable({ rows, locale, linkOf }: { rows: readonly RecentTransaction[]; locale: string; linkOf: (row: RecentTransaction) => string }) {
  const { t, i18n } = useLingui();
  const label = (map: typeof statusLabels, code: string) => (map[code] ? i18n._(map[code]) : code);
  if (rows.length === 0) return <EmptyState title={t`No transactions yet`} />;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ScrollRegion label={t`Recent transactions`}>
      <table className="table">
        <thead>
          <tr>
            <th scope="col"><Trans>Date</Trans></th>
            <th scope="col"><Trans>Reference</Trans></th>
            <th scope="col" className="num"><Trans>Amount</Trans></th>
            <th scope="col"><Trans>Status</Trans></th>
            <th scope="col"><Trans>Member</Trans></th>
            <th scope="col"><Trans>Church or mosque</Trans></th>
            <th scope="col"><Trans>Method</Trans></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{date.format(new Date(row.createdAt))}</td>
              <td>
                <Link to={linkOf(row)}>{row.reference}</Link>
              </td>
              <td className="num">{formatMoney(row.amount, row.currency, locale)}</td>
              <td>
                <span className={`status status-${row.status}`}>{label(statusLabels, row.status)}</span>
              </td>
              <td className="text-cell">{row.member}</td>
              <td className="text-cell">{row.institution}</td>
              <td>{label(methodLabels, row.method)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
