import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BankDashboard } from '../../domain/api/back-office-reports';
import type { DashboardSummary } from '../../domain/api/dashboard';
import type { DashboardBreakdowns } from '../../domain/api/stats';
import { BankOverview } from '../../src/features/dashboard/bank-overview';
import { breakdownsQuery } from '../../src/features/dashboard/breakdown-links';
import { BreakdownTables } from '../../src/features/dashboard/breakdown-tables';
import { BreakdownsSection } from '../../src/features/dashboard/breakdowns-section';
import { RecentTable } from '../../src/features/dashboard/recent-table';
import { SummaryCharts } from '../../src/features/dashboard/summary-charts';
import { filtersFromAddress } from '../../src/features/payments/filters-from-address';
import { dayOf, DEFAULT_TIME_ZONE } from '../../domain/calendar';
import { Providers, testQueryClient } from './helpers';

// Issue 16: every figure on the dashboards links to the list behind it, with that list's filters in the address.

const money = (amount: number) => `TZS ${amount}`;
const hrefOf = (link: HTMLElement) => {
  const url = new URL(link.getAttribute('href')!, 'http://x');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};
const cellsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

function show(children: ReactNode, seed?: (client: ReturnType<typeof testQueryClient>) => void) {
  const client = testQueryClient();
  // The figures are already known: no request is made while the test reads them.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, staleTime: Infinity } });
  seed?.(client);
  return render(
    <Providers client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </Providers>,
  );
}

const summary: DashboardSummary = {
  scope: 'all',
  collectedThisMonth: { amount: 5_000, currency: 'TZS' },
  collectedThisYear: { amount: 26_000, currency: 'TZS' },
  transactionsThisMonth: 2,
  pendingTransactions: 0,
  failedTransactions: 0,
  members: 3,
  institutions: 6,
  byMethod: [
    { method: 'mobile', amount: 19_000, count: 3 },
    { method: 'cash', amount: 7_000, count: 1 },
  ],
  byMonth: [
    { month: '2025-12', amount: 1_000 },
    { month: '2026-01', amount: 7_000 },
    { month: '2026-02', amount: 11_000 },
    { month: '2026-03', amount: 8_000 },
  ],
  byInstitution: [{ id: 41, institution: 'Mwenge Church', amount: 12_000 }],
  staleBatches: { days: 7, count: 0, oldest: [] },
  recent: [{ id: 'a1b2c3d4-0000-4000-8000-000000000001', reference: 'NEE-A-1', member: 'Neema Mushi', institution: 'Mwenge Church', amount: 5_000, currency: 'TZS', method: 'mobile', status: 'completed', createdAt: '2026-03-17T07:00:00Z' }],
};

describe('the dashboard summary charts', () => {
  const charts = () => show(<SummaryCharts summary={summary} locale="en" money={money} methodLabel={(method) => method} today="2026-03-18" />);

  it('gives collections by month a table beside the chart, each month linking to its East Africa days (this month to today)', () => {
    const { container } = charts();
    expect(container.querySelector('figure[data-chart="Collections by month"] svg')).toBeTruthy();
    const rows = cellsOf(screen.getByRole('table', { name: 'Collections by month' }));
    expect(rows).toHaveLength(4);
    const ranges = rows.map((row) => hrefOf(within(row).getByRole('link')).query);
    expect(ranges.map(({ from, to }) => [from, to])).toEqual([
      ['2025-12-01', '2025-12-31'],
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-18'],
    ]);
    expect(hrefOf(within(rows[2]!).getByRole('link', { name: 'TZS 11000' }))).toEqual({ path: '/en/transactions', query: { status: 'completed', range: 'custom', from: '2026-02-01', to: '2026-02-28' } });
  });

  it('links each payment method\'s amount and count, and each church\'s amount, to this year\'s transactions so filtered', () => {
    charts();
    const methods = screen.getByRole('table', { name: 'Collected this year by payment method' });
    const mobile = cellsOf(methods)[0]!;
    expect(within(mobile).getAllByRole('link').map((link) => hrefOf(link).query)).toEqual([
      { status: 'completed', range: 'custom', from: '2026-01-01', to: '2026-03-18', method: 'mobile' },
      { status: 'completed', range: 'custom', from: '2026-01-01', to: '2026-03-18', method: 'mobile' },
    ]);
    expect(within(mobile).getByRole('link', { name: '3' })).toBeTruthy();
    const church = within(screen.getByRole('table', { name: 'Collected this year by church or mosque' })).getByRole('link', { name: 'TZS 12000' });
    expect(hrefOf(church).query).toEqual({ status: 'completed', range: 'custom', from: '2026-01-01', to: '2026-03-18', institutionId: '41' });
    // The list reads every one of those filters back.
    expect(filtersFromAddress(new URL(church.getAttribute('href')!, 'http://x').searchParams, { status: 'all', range: '1m' })).toMatchObject({ institutionId: 41, range: 'custom', from: '2026-01-01' });
  });

  it('links each recent transaction to the list found by its reference, its detail open', () => {
    show(<RecentTable rows={summary.recent} locale="en" linkOf={(row) => `/en/transactions?${new URLSearchParams({ search: row.reference, id: row.id }).toString()}`} />);
    const link = screen.getByRole('link', { name: 'NEE-A-1' });
    expect(hrefOf(link).query).toEqual({ search: 'NEE-A-1', id: summary.recent[0]!.id });
    expect(filtersFromAddress(new URLSearchParams('search=NEE-A-1'), { status: 'all', range: '1m' }).search).toBe('NEE-A-1');
    // Fewer than three characters is no search (the server's minimum), not an error.
    expect(filtersFromAddress(new URLSearchParams('search=NE'), { status: 'all', range: '1m' }).search).toBeUndefined();
  });
});

const breakdowns: DashboardBreakdowns = {
  period: 'month',
  currency: 'TZS',
  institution: null,
  current: { from: '2026-03-01', to: '2026-03-18' },
  previous: { from: '2026-02-01', to: '2026-02-28' },
  previousToDate: { from: '2026-02-01', to: '2026-02-18' },
  totals: { current: { amount: 20_000, count: 4 }, previousToDate: { amount: 3_000, count: 1 }, previous: { amount: 9_000, count: 2 } },
  overTime: [
    { index: 0, currentStart: '2026-03-01', previousStart: '2026-02-01', current: 3_000, previous: 0 },
    { index: 1, currentStart: '2026-03-02', previousStart: '2026-02-02', current: 17_000, previous: 9_000 },
    { index: 29, currentStart: null, previousStart: null, current: null, previous: null },
  ],
  byMethod: [{ method: 'mobile', amount: 17_500, count: 3 }],
  byOperator: [],
  byOfferingType: [{ offeringTypeId: 3, title: 'Sadaka', total: 4_500, church: 2_610, field: 945, union: 945 }],
  byOfferingTypeOther: null,
  byChild: [{ id: 12, title: 'Mwenge Church', amount: 20_000, count: 4 }],
  failedPayments: 0,
  failedCredits: null,
  pledges: null,
};

describe('the dashboard breakdowns', () => {
  const section = () => show(<BreakdownsSection />, (client) => client.setQueryData(breakdownsQuery('month').queryKey, breakdowns));

  it('links each day of the over-time table, this period and the last, to that day\'s transactions', () => {
    section();
    const rows = cellsOf(screen.getByRole('table', { name: 'Collections over time' }));
    const day2 = within(rows[1]!).getAllByRole('link');
    // Amounts are minor units: 17,000 is TSh 170.
    expect(day2.map((link) => [link.textContent?.replace(/\s/g, ' '), hrefOf(link).query.from, hrefOf(link).query.to])).toEqual([
      ['TSh 170', '2026-03-02', '2026-03-02'],
      ['TSh 90', '2026-02-02', '2026-02-02'],
    ]);
    // A day outside both periods has nothing to open.
    expect(within(rows[2]!).queryAllByRole('link')).toEqual([]);
  });

  it('links the count of givings and each institution\'s count below to their transactions', () => {
    section();
    expect(hrefOf(screen.getByRole('link', { name: '4 givings' })).query).toEqual({ status: 'completed', range: 'custom', from: '2026-03-01', to: '2026-03-18' });
    const below = cellsOf(screen.getByRole('table', { name: 'Collected by the level below' }))[0]!;
    expect(hrefOf(within(below).getByRole('link', { name: '4' })).query).toMatchObject({ institutionId: '12', from: '2026-03-01' });
  });

  it('links a month of the year\'s over-time table to that month, cut at the period\'s end', () => {
    const year: DashboardBreakdowns = {
      ...breakdowns,
      period: 'year',
      current: { from: '2026-01-01', to: '2026-03-18' },
      previous: { from: '2025-01-01', to: '2025-12-31' },
      overTime: [{ index: 2, currentStart: '2026-03-01', previousStart: '2025-03-01', current: 8_000, previous: 6_000 }],
    };
    // The section opens on the month; the reply's own period says what its buckets are.
    show(<BreakdownsSection />, (client) => client.setQueryData(breakdownsQuery('month').queryKey, year));
    const row = cellsOf(screen.getByRole('table', { name: 'Collections over time' }))[0]!;
    expect(within(row).getAllByRole('link').map((link) => [hrefOf(link).query.from, hrefOf(link).query.to])).toEqual([
      ['2026-03-01', '2026-03-18'],
      ['2025-03-01', '2025-03-31'],
    ]);
  });

  it('links an offering type\'s name and total to the transactions with a gift to that type, and the method\'s count', () => {
    show(<BreakdownTables data={breakdowns} locale="sw" money={money} methodLabel={(method) => method} />);
    const table = screen.getByRole('table', { name: 'Offerings by type and share' });
    for (const name of ['Sadaka', 'TZS 4500']) {
      expect(hrefOf(within(table).getByRole('link', { name }))).toEqual({ path: '/transactions', query: { status: 'completed', range: 'custom', from: '2026-03-01', to: '2026-03-18', offeringTypeId: '3' } });
    }
    expect(filtersFromAddress(new URLSearchParams('offeringTypeId=3'), { status: 'all', range: '1m' }).offeringTypeId).toBe(3);
    expect(filtersFromAddress(new URLSearchParams('offeringTypeId=x3'), { status: 'all', range: '1m' }).offeringTypeId).toBeUndefined();
    const methods = screen.getByRole('table', { name: 'Collected by payment method' });
    expect(hrefOf(within(methods).getByRole('link', { name: '3' })).query).toMatchObject({ method: 'mobile' });
  });
});

describe('the bank overview', () => {
  const overview: BankDashboard = {
    registrationsByStatus: { submitted: 2, completed: 5, rejected: 1, unfinished: 0 },
    pendingApprovals: { total: 6, registration: 2, account: 1, user: 0, userEdit: 0, smsTopUp: 3 },
    currency: 'TZS',
    collectionsByBranch: [{ branchId: 4, branch: 'Kariakoo', amount: 9_000, count: 2 }],
    collectionsByReligion: [{ religionId: 1, religion: 'Christianity', amount: 9_000, count: 2 }],
  };

  it('links each pending count to the requests of that kind waiting, each registration count to the summary at that state', async () => {
    show(<BankOverview />, (client) => client.setQueryData(['dashboard', 'bank', 'en'], overview));
    expect(hrefOf(await screen.findByRole('link', { name: 'SMS top-ups: 3 pending' }))).toEqual({ path: '/requests', query: { type: 'sms-topup', status: 'requested' } });
    expect(hrefOf(screen.getByRole('link', { name: 'Applications: 2 pending' })).query).toEqual({ type: 'application', status: 'requested' });
    expect(hrefOf(screen.getByRole('link', { name: 'Rejected: 1 registrations' })).query).toEqual({ type: 'registrations', rstatus: 'rejected' });
    expect(hrefOf(screen.getByRole('link', { name: 'Completed: 5 registrations' })).query).toEqual({ type: 'registrations', rstatus: 'completed' });
  });

  it('shows collections by branch and by religion as charts with a table, each amount a link', async () => {
    show(<BankOverview />, (client) => client.setQueryData(['dashboard', 'bank', 'en'], overview));
    const today = dayOf(new Date(), DEFAULT_TIME_ZONE);
    const branch = within(await screen.findByRole('table', { name: 'Collected this year by branch' })).getByRole('link', { name: /TSh.90/ });
    expect(hrefOf(branch).query).toEqual({ status: 'completed', range: 'custom', from: `${today.slice(0, 4)}-01-01`, to: today, branchId: '4' });
    const religion = within(screen.getByRole('table', { name: 'Collected this year by religion' })).getByRole('link', { name: /TSh.90/ });
    expect(hrefOf(religion).query).toMatchObject({ religionId: '1' });
  });
});
