import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { toLocale, type Locale } from '../../../domain/locale';
import { formatMoney } from '../../../domain/money';
import { localizedPath, paths } from '../../../domain/paths';
import type { RegistrationStatus } from '../../../domain/statuses';
import { api } from '../../lib/api-client';
import { dayOf, DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import { localeOfPath } from '../../lib/locale-path';
import { transactionsLink } from './breakdown-links';
import { CollectionsChart } from './collections-chart';
import { BankDashboard } from './replies';

// Branch and religion names come in the Lang header's language.
const bankDashboardQuery = (locale: Locale) =>
  queryOptions({ queryKey: ['dashboard', 'bank', locale], queryFn: ({ signal }) => api.get('/back-office/dashboard', BankDashboard, signal), retry: false });

/** The bank's own view (issue 5): registrations by state, approvals waiting, collections by branch and by religion. */
export function BankOverview() {
  const { t, i18n } = useLingui();
  const locale = toLocale(i18n.locale);
  const pathLocale = localeOfPath(useLocation().pathname);
  const overview = useQuery(bankDashboardQuery(locale));
  // The overview adds to the dashboard; without it (offline, no grant) the rest still stands.
  if (!overview.data) return null;
  const data = overview.data;
  const number = new Intl.NumberFormat(locale);
  const money = (amount: number) => formatMoney(amount, data.currency, locale);
  // The server sums this year so far in East Africa Time; the list behind each figure is the same days.
  // Bank staff look across institutions: East Africa Time's today (ADR 077).
  const today = dayOf(new Date(), DEFAULT_TIME_ZONE);
  const thisYear = { from: `${today.slice(0, 4)}-01-01`, to: today };
  // A pending count is the requests list of that kind waiting for a decision; a registration count the summary tab at that state.
  const requestsAt = (type: string) => `${localizedPath(paths.requests, pathLocale)}?${new URLSearchParams({ type, status: 'requested' }).toString()}`;
  const registrationsAt = (state: RegistrationStatus) => `${localizedPath(paths.requests, pathLocale)}?${new URLSearchParams({ type: 'registrations', rstatus: state }).toString()}`;
  const states: Record<RegistrationStatus, string> = {
    submitted: t`Submitted, waiting for approval`,
    completed: t`Completed`,
    rejected: t`Rejected`,
    unfinished: t`Unfinished`,
  };
  const pending = [
    { key: 'application', label: t`Applications`, value: data.pendingApprovals.registration },
    { key: 'bank-account', label: t`Bank accounts`, value: data.pendingApprovals.account },
    { key: 'bank-user', label: t`Bank users`, value: data.pendingApprovals.user },
    { key: 'user-edit', label: t`User edits`, value: data.pendingApprovals.userEdit },
    { key: 'sms-topup', label: t`SMS top-ups`, value: data.pendingApprovals.smsTopUp },
  ];
  return (
    <div className="dashboard-grid">
      <section className="card" aria-labelledby="pending-approvals">
        <h2 id="pending-approvals" className="card-title">
          <Trans>Pending approvals</Trans>
        </h2>
        <ul className="share-list">
          {pending.map((row) => {
            const { label } = row;
            const count = number.format(row.value);
            return (
              <li key={row.key} className="share-head">
                <Link to={requestsAt(row.key)}>{label}</Link>
                <Link to={requestsAt(row.key)} className="share-value" aria-label={t`${label}: ${count} pending`}>
                  {count}
                </Link>
              </li>
            );
          })}
        </ul>
        <h2 className="card-title">
          <Trans>Registrations by state</Trans>
        </h2>
        <ul className="share-list">
          {(['submitted', 'completed', 'rejected', 'unfinished'] as const).map((state) => {
            const label = states[state];
            const count = number.format(data.registrationsByStatus[state] ?? 0);
            return (
              <li key={state} className="share-head">
                <span>{label}</span>
                <Link to={registrationsAt(state)} className="share-value" aria-label={t`${label}: ${count} registrations`}>
                  {count}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="card" aria-labelledby="by-branch">
        <h2 id="by-branch" className="card-title">
          <Trans>Collections by branch</Trans>
        </h2>
        <CollectionsChart
          label={t`Collected this year by branch`}
          heading={t`Branch`}
          rows={data.collectionsByBranch.map((row) => ({ key: row.branchId ?? 0, label: row.branch ?? t`No branch`, value: row.amount, display: money(row.amount), to: transactionsLink(pathLocale, thisYear, { branchId: row.branchId ?? 0 }) }))}
        />
      </section>
      <section className="card" aria-labelledby="by-religion">
        <h2 id="by-religion" className="card-title">
          <Trans>Collections by religion</Trans>
        </h2>
        <CollectionsChart
          label={t`Collected this year by religion`}
          heading={t`Religion`}
          rows={data.collectionsByReligion.map((row) => ({ key: row.religionId, label: row.religion, value: row.amount, display: money(row.amount), to: transactionsLink(pathLocale, thisYear, { religionId: row.religionId }) }))}
        />
      </section>
    </div>
  );
}
