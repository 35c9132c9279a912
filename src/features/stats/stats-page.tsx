import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { formatMoney } from '../../../domain/money';
import { localizedPath, paths } from '../../../domain/paths';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { transactionsLink } from '../dashboard/breakdown-links';
import { ShareBars } from '../../components/charts/share-bars';
import { profileQuery } from '../../lib/session-queries';
import { type StatsFilters, statsQueries } from './api';
import { CongregationStatements } from './congregation-statements';
import { OfferingsSection } from './offerings-section';
import { OperatorSection } from './operator-section';
import { monthSoFar, periodFromAddress } from './period';
import { profileTimeZone } from '../../lib/time-zone';
import { LevelBelowSection } from '../../components/charts/level-below-section';
import { TransactionsSection } from './transactions-section';
import { CompareSection } from './compare-section';
import { OverTimeSection } from './over-time-section';
import './stats.css';

const METHOD_LABELS = { mobile: msg`Mobile money`, card: msg`Card`, bank: msg`Bank transfer`, cash: msg`Cash`, cheque: msg`Cheque` } as const;

/**
 * /stats and /stats/{id}: what an institution (or the caller's whole scope) collected over a period,
 * split by the level below (each a link one level down, until the congregation's transactions), by
 * method, by network operator and by offering type and share, over time by day, week or month, with a
 * comparison of every institution of a level below, and members' participation. Every chart has its
 * table, and every figure links to the list behind it (the transactions of the subtree and period).
 */
export function StatsPage() {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const { id } = useParams();
  const institutionId = id && /^\d+$/.test(id) ? Number(id) : null;
  const [params] = useSearchParams();
  const profile = useQuery(profileQuery()).data;
  // A dashboard figure links here with its period (?from=&to=); otherwise the month so far.
  const [period, setPeriod] = useState(() => periodFromAddress(params) ?? monthSoFar(profileTimeZone(profile)));
  const [draft, setDraft] = useState(period);
  const filters: StatsFilters = { ...period, institutionId };
  const overview = useQuery(statsQueries.overview(filters));
  const canExport = canDo(profile, 'reports', 'export') || canDo(profile, 'stats', 'export');
  const canExportMembers = canDo(profile, 'members', 'export');
  const data = overview.data;
  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'TZS', i18n.locale);
  const number = new Intl.NumberFormat(i18n.locale);
  const methodLabel = (method: string) => (method in METHOD_LABELS ? i18n._(METHOD_LABELS[method as keyof typeof METHOD_LABELS]) : method);
  const statsPath = (target: number | null) => localizedPath(target === null ? paths.stats : `${paths.stats}/${target}`, locale);
  // The list behind a figure: the completed givings of the period under the institution (its whole subtree).
  const listOf = (more: { method?: string; institutionId?: number } = {}) =>
    transactionsLink(locale, period, { ...(institutionId === null ? {} : { institutionId }), ...more });

  return (
    <section className="page stats" aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="page-heading">
        {data?.institution ? t`Statistics: ${data.institution.title}` : t`Statistics`}
      </h2>
      {data && (data.parent || institutionId !== null) ? (
        <nav className="stats-crumbs" aria-label={t`Levels above`}>
          <Link to={statsPath(null)}>
            <Trans>Top</Trans>
          </Link>
          {data.parent ? <Link to={statsPath(data.parent.id)}>{t`Up to ${data.parent.title}`}</Link> : null}
        </nav>
      ) : null}
      <form
        className="filter-bar stats-period"
        aria-label={t`Period`}
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.from && draft.to && draft.from <= draft.to) setPeriod(draft);
        }}
      >
        <div className="field">
          <label htmlFor="stats-from">{t`From`}</label>
          <input id="stats-from" type="date" value={draft.from} max={draft.to} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="stats-to">{t`To`}</label>
          <input id="stats-to" type="date" value={draft.to} min={draft.from} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </div>
        <button type="submit" className="btn btn-primary">
          <Trans>Show</Trans>
        </button>
      </form>
      {overview.isError ? <EmptyState title={t`These statistics could not be loaded`} /> : null}
      {!data ? (
        overview.isPending ? <Spinner label={t`Loading statistics`} /> : null
      ) : (
        <>
          <ul className="stat-cards" aria-label={t`Figures of the period`}>
            <li className="stat-card stat-card-money">
              <span className="stat-label">{t`Collected`}</span>
              <Link className="stat-value" to={listOf()}>
                {money(data.total.amount)}
              </Link>
            </li>
            <li className="stat-card">
              <span className="stat-label">{t`Givings`}</span>
              <Link className="stat-value" to={listOf()}>
                {number.format(data.total.count)}
              </Link>
            </li>
            <li className="stat-card">
              <span className="stat-label">{t`Members who gave`}</span>
              {/* The givings the givers are counted from: the list of givers is the transactions' payers. */}
              <Link className="stat-value" to={listOf()}>
                {t`${number.format(data.participation.gave)} of ${number.format(data.participation.registered)}`}
              </Link>
            </li>
            <li className="stat-card">
              <span className="stat-label">{t`New members`}</span>
              <span className="stat-value">{number.format(data.newMembers)}</span>
            </li>
          </ul>

          {data.children.length > 0 ? (
            <LevelBelowSection
              rows={data.children}
              className="stats-section card"
              headingId="stats-below-heading"
              money={money}
              nameLink={statsPath}
              amountLink={(child) => listOf({ institutionId: child })}
              extraRow={
                data.direct.count > 0 ? (
                  <tr>
                    <td>{t`Given to ${data.institution?.title ?? ''} itself`}</td>
                    <td className="num">{money(data.direct.amount)}</td>
                    <td className="num">{number.format(data.direct.count)}</td>
                  </tr>
                ) : null
              }
            />
          ) : null}

          {data.institution ? <CompareSection filters={filters} locale={locale} money={money} /> : null}

          <section className="stats-section card" aria-labelledby="stats-method-heading">
            <h3 id="stats-method-heading">
              <Trans>By payment method</Trans>
            </h3>
            {data.byMethod.length === 0 ? (
              <EmptyState title={t`Nothing collected in this period`} />
            ) : (
              <>
                <ShareBars label={t`Collected by payment method`} bars={data.byMethod.map((row) => ({ key: row.method, label: methodLabel(row.method), value: row.amount, display: money(row.amount) }))} />
                <DataTable caption={t`Collected by payment method`} columns={[t`Method`, { label: t`Collected`, numeric: true }, { label: t`Givings`, numeric: true }]}>
                  {data.byMethod.map((row) => (
                    <tr key={row.method}>
                      <td>{methodLabel(row.method)}</td>
                      <td className="num">
                        <Link to={listOf({ method: row.method })}>{money(row.amount)}</Link>
                      </td>
                      <td className="num">{number.format(row.count)}</td>
                    </tr>
                  ))}
                </DataTable>
              </>
            )}
          </section>

          <OverTimeSection filters={filters} locale={locale} money={money} />

          <OperatorSection
            rows={data.byOperator}
            linkOf={(operator) => transactionsLink(locale, data, { operator, ...(data.institution ? { institutionId: data.institution.id } : {}) })}
            money={money}
            className="stats-section card"
            headingId="stats-operator-heading"
          />

          <OfferingsSection filters={filters} canExport={canExport} />
          {data.institution && data.children.length === 0 ? <TransactionsSection filters={filters} locale={locale} methodLabel={methodLabel} /> : null}
          {data.institution && data.children.length === 0 && canExportMembers ? <CongregationStatements institutionId={data.institution.id} defaultYear={Number(period.to.slice(0, 4))} /> : null}
        </>
      )}
    </section>
  );
}
