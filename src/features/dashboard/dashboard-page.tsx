import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import type { DashboardSummary } from '../../../domain/api/dashboard';
import { toLocale } from '../../../domain/locale';
import { formatMoney } from '../../../domain/money';
import { localizedPath, paths } from '../../../domain/paths';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/error-message';
import { localeOfPath } from '../../lib/locale-path';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';
import { dayOf } from '../../../domain/calendar';
import { useTimeZone } from '../../lib/time-zone';
import { AttentionList } from './attention-list';
import { dashboardQueries } from './api';
import { transactionLink, transactionsLink } from './breakdown-links';
import { BreakdownsSection } from './breakdowns-section';
import { BankOverview } from './bank-overview';
import { methodLabels } from './labels';
import { RecentTable } from './recent-table';
import { StaleBatchesNotice } from './stale-batches-notice';
import { SummaryCharts } from './summary-charts';
import { UnsentCashSection } from './unsent-cash-section';

function Cards({ summary, locale }: { summary: DashboardSummary; locale: string }) {
  const { t } = useLingui();
  const pathLocale = localeOfPath(useLocation().pathname);
  const number = new Intl.NumberFormat(locale);
  const timeZone = useTimeZone();
  const today = dayOf(new Date(), timeZone);
  const month = { from: `${today.slice(0, 8)}01`, to: today };
  const year = { from: `${today.slice(0, 4)}-01-01`, to: today };
  // Each figure opens the list behind it (issue 16); the transactions page reads its filters from the address.
  const cards = [
    { key: 'month', label: t`Collected this month`, value: formatMoney(summary.collectedThisMonth.amount, summary.collectedThisMonth.currency, locale), money: true, to: transactionsLink(pathLocale, month) },
    { key: 'year', label: t`Collected this year`, value: formatMoney(summary.collectedThisYear.amount, summary.collectedThisYear.currency, locale), money: true, to: transactionsLink(pathLocale, year) },
    { key: 'trx', label: t`Transactions this month`, value: number.format(summary.transactionsThisMonth), to: transactionsLink(pathLocale, month, { status: 'all' }) },
    { key: 'pending', label: t`Pending transactions`, value: number.format(summary.pendingTransactions), to: `${localizedPath(paths.transactions, pathLocale)}?status=pending&range=6m` },
    { key: 'failed', label: t`Failed transactions`, value: number.format(summary.failedTransactions), to: transactionsLink(pathLocale, month, { status: 'failed' }) },
    { key: 'members', label: t`Members`, value: number.format(summary.members), to: localizedPath(paths.members, pathLocale) },
    // The institutions the caller sees are the structure tree's (the same scope the server counted).
    { key: 'institutions', label: t`Churches and mosques`, value: number.format(summary.institutions), to: localizedPath(paths.structure, pathLocale) },
  ];
  return (
    <ul className="stat-cards">
      {cards.map((card) => (
        <li key={card.key} className={card.money ? 'stat-card stat-card-money' : 'stat-card'}>
          <span className="stat-label">{card.label}</span>
          <Link className="stat-value" to={card.to}>
            {card.value}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function DashboardPage() {
  const { t, i18n } = useLingui();
  const locale = toLocale(i18n.locale);
  const pathLocale = localeOfPath(useLocation().pathname);
  const summary = useQuery(dashboardQueries.summary(locale));
  const profile = useQuery(profileQuery()).data;
  const timeZone = useTimeZone();
  const isBankStaff = profile?.level === null;

  if (summary.isPending) return <Spinner label={t`Loading…`} />;
  if (summary.isError) {
    return (
      <div className="card">
        <EmptyState title={errorText(summary.error, t`You are offline. The dashboard needs a connection.`)} />
      </div>
    );
  }
  const data = summary.data;
  const currency = data.collectedThisYear.currency;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  return (
    <div className="dashboard">
      <StaleBatchesNotice stale={data.staleBatches} canOpenDesk={profile?.entityId != null} />
      <UnsentCashSection locale={locale} canOpenDesk={profile?.entityId != null && canDo(profile, 'cashReceipts', 'view')} canOpenUsers={canDo(profile, 'users', 'view')} />
      <Cards summary={data} locale={locale} />
      <AttentionList level={profile?.level} />
      <BreakdownsSection />
      {isBankStaff ? <BankOverview /> : null}
      <SummaryCharts summary={data} locale={pathLocale} money={money} methodLabel={(method) => (methodLabels[method] ? i18n._(methodLabels[method]) : method)} today={dayOf(new Date(), timeZone)} />
      <section className="card" aria-labelledby="recent">
        <h2 id="recent" className="card-title">
          <Trans>Recent transactions</Trans>
        </h2>
        <RecentTable rows={data.recent} locale={locale} linkOf={(row) => transactionLink(pathLocale, row)} />
      </section>
    </div>
  );
}
