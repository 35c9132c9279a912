import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { DashboardSummary } from '../../../domain/api/dashboard';
import type { Locale } from '../../../domain/locale';
import { ShareBars } from '../../components/charts/share-bars';
import { TrendChart } from '../../components/charts/trend-chart';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { bucketDays, transactionsLink } from './breakdown-links';
import { CollectionsChart } from './collections-chart';

type Props = {
  summary: DashboardSummary;
  /** The address's locale, for the links. */
  locale: Locale;
  money: (amount: number) => string;
  methodLabel: (method: string) => string;
  /** Today in the viewer's zone (domain/calendar dayOf, ADR 077): the end of this month's and this year's ranges. */
  today: string;
};

function monthLabel(month: string, locale: string): string {
  // `month` is YYYY-MM; the day is pinned so time zones cannot shift it into the previous month.
  const date = new Date(`${month}-15T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * The summary's three charts (issue 16, ADR 033): collections by month, by payment method and by
 * church or mosque, each an SVG beside the table that holds its values, every figure in the table a
 * link to the completed transactions behind it (the same East Africa days the server summed).
 */
export function SummaryCharts({ summary, locale, money, methodLabel, today }: Props) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  // The server sums this year from 1 January to an open end; the list stops at today.
  const thisYear = { from: `${today.slice(0, 4)}-01-01`, to: today };
  const months = summary.byMonth.map((row) => ({ ...row, label: monthLabel(row.month, i18n.locale), days: bucketDays(`${row.month}-01`, 'month', today) }));
  return (
    <div className="dashboard-grid">
      <section className="card" aria-labelledby="by-month">
        <h2 id="by-month" className="card-title">
          <Trans>Collections by month</Trans>
        </h2>
        <TrendChart label={t`Collections by month`} buckets={months.map((row, index) => ({ key: index, label: row.label, current: row.amount, previous: null, currentText: money(row.amount), previousText: '' }))} />
        <DataTable caption={t`Collections by month`} columns={[t`Month`, { label: t`Collected`, numeric: true }]}>
          {months.map((row) => (
            <tr key={row.month}>
              <th scope="row">{row.label}</th>
              <td className="num">
                <Link to={transactionsLink(locale, row.days)}>{money(row.amount)}</Link>
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section className="card" aria-labelledby="by-method">
        <h2 id="by-method" className="card-title">
          <Trans>By payment method</Trans>
        </h2>
        {summary.byMethod.length === 0 ? (
          <EmptyState title={t`Nothing collected this year`} />
        ) : (
          <>
            <ShareBars label={t`Collected this year by payment method`} bars={summary.byMethod.map((row) => ({ key: row.method, label: methodLabel(row.method), value: row.amount, display: money(row.amount) }))} />
            <DataTable caption={t`Collected this year by payment method`} columns={[t`Method`, { label: t`Collected`, numeric: true }, { label: t`Givings`, numeric: true }]}>
              {summary.byMethod.map((row) => {
                const to = transactionsLink(locale, thisYear, { method: row.method });
                return (
                  <tr key={row.method}>
                    <th scope="row">{methodLabel(row.method)}</th>
                    <td className="num">
                      <Link to={to}>{money(row.amount)}</Link>
                    </td>
                    <td className="num">
                      <Link to={to}>{number.format(row.count)}</Link>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          </>
        )}
      </section>
      <section className="card" aria-labelledby="by-institution">
        <h2 id="by-institution" className="card-title">
          <Trans>By church or mosque</Trans>
        </h2>
        {summary.byInstitution.length === 0 ? (
          <EmptyState title={t`Nothing collected this year`} />
        ) : (
          <CollectionsChart
            label={t`Collected this year by church or mosque`}
            heading={t`Church or mosque`}
            rows={summary.byInstitution.map((row) => ({ key: row.id, label: row.institution, value: row.amount, display: money(row.amount), to: transactionsLink(locale, thisYear, { institutionId: row.id }) }))}
          />
        )}
      </section>
    </div>
  );
}
