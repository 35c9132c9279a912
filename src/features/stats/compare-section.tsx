import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Locale } from '../../../domain/locale';
import { COMPARE_MAX_LIMIT } from '../../../domain/stats-grains';
import { ShareBars } from '../../components/charts/share-bars';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { statsLink, transactionsLink } from '../dashboard/breakdown-links';
import { type StatsFilters, statsQueries } from './api';

const FIRST = 10;
const MORE = 20;

/**
 * Compare every institution of one level under the page's institution (ADR 079): all districts of
 * the union, or all its churches, largest first — the first ten, then twenty more at a time, the
 * rest summed in one row. A chart and the table that carries its values; each name opens that
 * institution's statistics and each amount the transactions behind it.
 */
export function CompareSection({ filters, locale, money }: { filters: StatsFilters; locale: Locale; money: (amount: number) => string }) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const [levelId, setLevelId] = useState<number | null>(null);
  const [limit, setLimit] = useState(FIRST);
  const data = useQuery(statsQueries.compare(filters, levelId, limit)).data;
  if (!data || data.levels.length === 0) return null;
  const levelName = (level: { nameEn: string; nameSw: string }) => (i18n.locale === 'en' ? level.nameEn : level.nameSw);
  const range = { from: data.from, to: data.to };
  const shown = data.level ? levelName(data.level) : '';
  const count = number.format(data.institutions);

  return (
    <section className="stats-section card" aria-labelledby="stats-compare-heading">
      <h3 id="stats-compare-heading">
        <Trans>Compare institutions of a level</Trans>
      </h3>
      <div className="compare-level">
        <label htmlFor="stats-compare-level">{t`Level`}</label>
        <select
          id="stats-compare-level"
          value={data.level?.id ?? ''}
          onChange={(event) => {
            setLevelId(Number(event.target.value));
            setLimit(FIRST);
          }}
        >
          {data.levels.map((level) => (
            <option key={level.id} value={level.id}>
              {levelName(level)}
            </option>
          ))}
        </select>
      </div>
      <p>{t`${count} institutions (${shown}) under ${data.institution.title}`}</p>
      {data.rows.length === 0 ? (
        <EmptyState title={t`No institutions of this level`} />
      ) : (
        <>
          <ShareBars label={t`Collected by institution of the level`} bars={data.rows.map((row) => ({ key: row.id, label: row.title, value: row.amount, display: money(row.amount) }))} />
          <DataTable caption={t`Collected by institution of the level`} columns={[t`Institution`, { label: t`Collected`, numeric: true }, { label: t`Givings`, numeric: true }]}>
            {data.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={statsLink(locale, range, row.id)}>{row.title}</Link>
                </td>
                <td className="num">
                  <Link to={transactionsLink(locale, range, { institutionId: row.id })}>{money(row.amount)}</Link>
                </td>
                <td className="num">{number.format(row.count)}</td>
              </tr>
            ))}
            {data.rest ? (
              <tr>
                <td>{t`The other ${number.format(data.rest.institutions)}`}</td>
                <td className="num">{money(data.rest.amount)}</td>
                <td className="num">{number.format(data.rest.count)}</td>
              </tr>
            ) : null}
            {data.above.count > 0 ? (
              <tr>
                <td>{t`Given above this level`}</td>
                <td className="num">{money(data.above.amount)}</td>
                <td className="num">{number.format(data.above.count)}</td>
              </tr>
            ) : null}
          </DataTable>
          {data.rest && limit < COMPARE_MAX_LIMIT ? (
            <button type="button" className="btn" onClick={() => setLimit(Math.min(COMPARE_MAX_LIMIT, limit + MORE))}>
              <Trans>Show more</Trans>
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
