import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { formatMoney } from '../../../domain/money';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { type StatsFilters, statsQueries } from './api';

/** At a congregation (the bottom of the tree) the drill-down ends at its transactions, each opening its detail. */
export function TransactionsSection({ filters, locale, methodLabel }: { filters: StatsFilters; locale: 'sw' | 'en'; methodLabel: (method: string) => string }) {
  const { t, i18n } = useLingui();
  const page = useQuery(statsQueries.transactions(filters)).data;
  return (
    <section className="stats-section card" aria-labelledby="stats-transactions-heading">
      <h3 id="stats-transactions-heading">
        <Trans>Transactions</Trans>
      </h3>
      {!page ? null : page.data.length === 0 ? (
        <EmptyState title={t`No transactions in this period`} />
      ) : (
        <DataTable caption={t`Transactions`} columns={[t`Reference`, t`Payer`, t`Method`, { label: t`Amount`, numeric: true }, t`Date`]}>
          {page.data.map((row) => (
            <tr key={row.id}>
              <td>
                <Link to={`${localizedPath(paths.transactions, locale)}?id=${encodeURIComponent(row.id)}`}>{row.receiptNo ?? row.referenceNo}</Link>
              </td>
              <td>{row.payer ?? '—'}</td>
              <td>{methodLabel(row.method)}</td>
              <td className="num">{formatMoney(row.amount, row.currency, i18n.locale)}</td>
              <td>{row.createdAt.slice(0, 10)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
