import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Locale } from '../../../domain/locale';
import { grainsFor, type OverTimeGrain } from '../../../domain/stats-grains';
import { TrendChart, type TrendBucket } from '../../components/charts/trend-chart';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { transactionsLink } from '../dashboard/breakdown-links';
import { type StatsFilters, statsQueries } from './api';

type Range = { from: string; to: string };

/** A bucket's name: its day, or the days of its week, or its month, in the reader's language (noon UTC keeps each date on its day). */
function bucketLabel(range: Range, grain: OverTimeGrain, locale: string): string {
  const date = (day: string) => new Date(`${day}T12:00:00Z`);
  if (grain === 'month') return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date(range.from));
  const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return grain === 'day' || range.from === range.to ? short.format(date(range.from)) : short.formatRange(date(range.from), date(range.to));
}

/**
 * The period's collections by day, week (Monday to Sunday) or month, each beside the same bucket
 * of the period before: the dashboard's chart (components/charts/trend-chart) for the page's
 * institution and period, with its table, where every amount links to the transactions behind it.
 */
export function OverTimeSection({ filters, locale, money }: { filters: StatsFilters; locale: Locale; money: (amount: number) => string }) {
  const { t, i18n } = useLingui();
  const grains = grainsFor(filters.from, filters.to);
  const [chosen, setChosen] = useState<OverTimeGrain>('day');
  // A longer period than the choice allows falls back to the finest grain it does allow.
  const grain = grains.includes(chosen) ? chosen : (grains[0] ?? 'month');
  const data = useQuery(statsQueries.overTime(filters, grain)).data;
  const names: Record<OverTimeGrain, string> = { day: t`By day`, week: t`By week`, month: t`By month` };
  const columnName: Record<OverTimeGrain, string> = { day: t`Day`, week: t`Week`, month: t`Month` };
  const scope = filters.institutionId === null ? {} : { institutionId: filters.institutionId };
  const period = t`This period`;
  const before = t`The period before`;

  return (
    <section className="stats-section card" aria-labelledby="stats-over-time-heading">
      <h3 id="stats-over-time-heading">
        <Trans>Collections over time</Trans>
      </h3>
      {grains.length > 1 ? (
        <fieldset className="period-choice">
          <legend>{t`Show`}</legend>
          {grains.map((value) => (
            <label key={value}>
              <input type="radio" name="stats-grain" value={value} checked={grain === value} onChange={() => setChosen(value)} /> {names[value]}
            </label>
          ))}
        </fieldset>
      ) : null}
      {!data ? null : data.buckets.every((bucket) => bucket.currentAmount === 0 && bucket.previousAmount === 0) ? (
        <EmptyState title={t`Nothing collected in this period`} />
      ) : (
        <>
          <ul className="trend-legend" aria-hidden="true">
            <li>
              <span aria-hidden="true" className="trend-swatch-current" />
              {period} ({data.current.from} – {data.current.to})
            </li>
            <li>
              <span aria-hidden="true" className="trend-swatch-previous" />
              {before} ({data.previous.from} – {data.previous.to})
            </li>
          </ul>
          <TrendChart
            label={t`Collections over time`}
            buckets={data.buckets.map(
              (bucket): TrendBucket => ({ key: bucket.index, label: bucketLabel(bucket.current, data.grain, i18n.locale), current: bucket.currentAmount, previous: bucket.previousAmount, currentText: money(bucket.currentAmount), previousText: money(bucket.previousAmount) }),
            )}
          />
          <DataTable caption={t`Collections over time`} columns={[columnName[data.grain], { label: period, numeric: true }, { label: before, numeric: true }]}>
            {data.buckets.map((bucket) => (
              <tr key={bucket.index}>
                <th scope="row">{bucketLabel(bucket.current, data.grain, i18n.locale)}</th>
                <td className="num">
                  <Link to={transactionsLink(locale, bucket.current, scope)}>{money(bucket.currentAmount)}</Link>
                </td>
                <td className="num">
                  <Link to={transactionsLink(locale, bucket.previous, scope)}>{money(bucket.previousAmount)}</Link>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
