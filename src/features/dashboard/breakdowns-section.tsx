import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { DashboardBreakdowns, DashboardPeriod } from '../../../domain/api/stats';
import { formatMoney } from '../../../domain/money';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { localeOfPath } from '../../lib/locale-path';
import { LevelBelowSection } from '../../components/charts/level-below-section';
import { breakdownsQuery, bucketDays, statsLink, transactionsLink } from './breakdown-links';
import { PERIODS } from './breakdown-replies';
import { BreakdownTables } from './breakdown-tables';
import './breakdowns.css';
import { methodLabels } from './labels';
import { TrendChart, type TrendBucket } from '../../components/charts/trend-chart';

function bucketLabel(data: DashboardBreakdowns, bucket: DashboardBreakdowns['overTime'][number], locale: string): string {
  const day = bucket.currentStart ?? bucket.previousStart;
  if (data.period === 'month' || !day) return String(bucket.index + 1);
  // Noon UTC keeps the date on its own day whatever the browser's zone.
  const date = new Date(`${day}T12:00:00Z`);
  return new Intl.DateTimeFormat(locale, data.period === 'week' ? { weekday: 'short', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' }).format(date);
}

/**
 * The dashboard's breakdowns (issue 16): collections this week, month or year so far against the
 * last, by method, by offering type and share, by the level below; each figure links to the list
 * behind it, and every chart stands beside the table that holds its values.
 */
export function BreakdownsSection() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const [period, setPeriod] = useState<DashboardPeriod>('month');
  const query = useQuery(breakdownsQuery(period));
  const data = query.data;
  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'TZS', i18n.locale);
  const number = new Intl.NumberFormat(i18n.locale);
  const names: Record<DashboardPeriod, { choice: string; current: string; previousToDate: string; previous: string }> = {
    week: { choice: t`This week`, current: t`This week so far`, previousToDate: t`Last week to the same day`, previous: t`All of last week` },
    month: { choice: t`This month`, current: t`This month so far`, previousToDate: t`Last month to the same date`, previous: t`All of last month` },
    year: { choice: t`This year`, current: t`This year so far`, previousToDate: t`Last year to the same date`, previous: t`All of last year` },
  };
  const name = names[period];
  // A day's or a month's amount opens that day's or month's transactions (East Africa days, as the server summed them).
  const cell = (amount: number | null, start: string | null, until: string) => {
    if (amount === null || start === null || !data) return '–';
    return <Link to={transactionsLink(locale, bucketDays(start, data.period === 'year' ? 'month' : 'day', until))}>{money(amount)}</Link>;
  };
  const givingsText = (count: number) => {
    const givings = number.format(count);
    return t`${givings} givings`;
  };

  return (
    <section className="card breakdowns" aria-labelledby="breakdowns-heading">
      <h2 id="breakdowns-heading" className="card-title">
        <Trans>Collections against the last period</Trans>
      </h2>
      <fieldset className="period-choice">
        <legend>{t`Compare`}</legend>
        {PERIODS.map((value) => (
          <label key={value}>
            <input type="radio" name="breakdown-period" value={value} checked={period === value} onChange={() => setPeriod(value)} /> {names[value].choice}
          </label>
        ))}
      </fieldset>
      {query.isError ? <EmptyState title={t`These figures could not be loaded`} /> : null}
      {!data ? null : (
        <>
          <ul className="breakdown-totals" aria-label={t`Totals`}>
            <li>
              <span className="stat-label">{name.current}</span>{' '}
              <Link to={transactionsLink(locale, data.current)} className="stat-value">
                {money(data.totals.current.amount)}
              </Link>{' '}
              <Link to={transactionsLink(locale, data.current)}>{givingsText(data.totals.current.count)}</Link>
            </li>
            <li>
              <span className="stat-label">{name.previousToDate}</span>{' '}
              <Link to={transactionsLink(locale, data.previousToDate)} className="stat-value">
                {money(data.totals.previousToDate.amount)}
              </Link>
            </li>
            <li>
              <span className="stat-label">{name.previous}</span>{' '}
              <Link to={transactionsLink(locale, data.previous)} className="stat-value">
                {money(data.totals.previous.amount)}
              </Link>
            </li>
            <li>
              <span className="stat-label">{t`Failed payments`}</span>{' '}
              <Link to={transactionsLink(locale, data.current, { status: 'failed' })} className="stat-value">
                {number.format(data.failedPayments)}
              </Link>
            </li>
          </ul>
          <ul className="trend-legend" aria-hidden="true">
            <li>
              <span aria-hidden="true" className="trend-swatch-current" />
              {name.current}
            </li>
            <li>
              <span aria-hidden="true" className="trend-swatch-previous" />
              {name.previous}
            </li>
          </ul>
          <TrendChart label={t`Collections over time`} buckets={data.overTime.map((bucket): TrendBucket => ({ key: bucket.index, label: bucketLabel(data, bucket, i18n.locale), current: bucket.current, previous: bucket.previous, currentText: bucket.current === null ? '–' : money(bucket.current), previousText: bucket.previous === null ? '–' : money(bucket.previous) }))} />
          <DataTable caption={t`Collections over time`} columns={[data.period === 'year' ? t`Month` : t`Day`, { label: name.current, numeric: true }, { label: name.previous, numeric: true }]}>
            {data.overTime.map((bucket) => (
              <tr key={bucket.index}>
                <th scope="row">{bucketLabel(data, bucket, i18n.locale)}</th>
                <td className="num">{cell(bucket.current, bucket.currentStart, data.current.to)}</td>
                <td className="num">{cell(bucket.previous, bucket.previousStart, data.previous.to)}</td>
              </tr>
            ))}
          </DataTable>
          <BreakdownTables data={data} locale={locale} money={money} methodLabel={(method) => (methodLabels[method] ? i18n._(methodLabels[method]) : method)} />
          {data.byChild.length > 0 ? (
            <LevelBelowSection
              rows={data.byChild}
              className="breakdown-section"
              headingId="below-heading"
              money={money}
              nameLink={(id) => statsLink(locale, data.current, id)}
              amountLink={(id) => transactionsLink(locale, data.current, { institutionId: id })}
              countLink={(id) => transactionsLink(locale, data.current, { institutionId: id })}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
