import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfferingsReport, StatsOverview } from '../../domain/api/stats';
import type { LevelComparison, StatsOverTime } from '../../domain/api/stats-compare';
import { StatsPage } from '../../src/features/stats/stats-page';
import { jsonResponse, makeProfile, Providers, testQueryClient } from './helpers';

const union = { id: 5, title: 'Coast Union' };
const overview: StatsOverview = {
  institution: union,
  parent: null,
  from: '2026-03-01',
  to: '2026-03-31',
  currency: 'TZS',
  total: { amount: 8_200, count: 4 },
  byMethod: [{ method: 'cash', amount: 7_500, count: 3 }],
  byOperator: [],
  children: [{ id: 6, title: 'Coast Field', amount: 7_500, count: 3 }],
  direct: { amount: 700, count: 1 },
  participation: { gave: 2, registered: 3 },
  newMembers: 1,
};
const overTime: StatsOverTime = {
  grain: 'week',
  currency: 'TZS',
  institution: union,
  current: { from: '2026-03-01', to: '2026-03-31' },
  previous: { from: '2026-01-25', to: '2026-02-24' },
  buckets: [{ index: 0, current: { from: '2026-03-02', to: '2026-03-08' }, previous: { from: '2026-01-26', to: '2026-02-01' }, currentAmount: 6_500, currentCount: 2, previousAmount: 600, previousCount: 1 }],
};
const comparison: LevelComparison = {
  institution: union,
  from: '2026-03-01',
  to: '2026-03-31',
  currency: 'TZS',
  levels: [
    { id: 2, code: 'district', nameEn: 'District', nameSw: 'Mtaa' },
    { id: 3, code: 'church', nameEn: 'Church', nameSw: 'Kanisa' },
  ],
  level: { id: 3, code: 'church', nameEn: 'Church', nameSw: 'Kanisa' },
  institutions: 2,
  rows: [{ id: 9, title: 'Mwenge Church', amount: 5_000, count: 2 }],
  rest: { institutions: 1, amount: 2_500, count: 1 },
  above: { amount: 700, count: 1 },
  total: { amount: 8_200, count: 4 },
};
const offerings: OfferingsReport = { rows: [], totals: { total: 0, church: 0, field: 0, union: 0 }, types: 0, currency: 'TZS', from: '2026-03-01', to: '2026-03-31', institution: union };

/** The server at the network's edge: each statistics call answered as the API would. */
function answer(input: RequestInfo | URL): Response {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  if (url.pathname.endsWith('/stats/overview')) return jsonResponse(200, overview);
  if (url.pathname.endsWith('/stats/over-time')) return jsonResponse(200, { ...overTime, grain: url.searchParams.get('grain') });
  if (url.pathname.endsWith('/stats/compare')) return jsonResponse(200, comparison);
  if (url.pathname.endsWith('/reports/offerings')) return jsonResponse(200, offerings);
  return jsonResponse(200, makeProfile({ permissions: [{ name: 'stats', permissions: 'view' }] }));
}

const query = (href: string | null) => Object.fromEntries(new URL(href!, 'http://x').searchParams);
const period = { status: 'completed', range: 'custom', from: '2026-03-01', to: '2026-03-31' };

describe('statistics page links: every figure opens the list behind it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links the cards, the methods, the level below, the weeks and the compared institutions to their transactions', async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => answer(input)));
    render(
      <Providers client={testQueryClient()}>
        <MemoryRouter initialEntries={['/en/stats/5?from=2026-03-01&to=2026-03-31']}>
          <Routes>
            <Route path="/en/stats/:id" element={<StatsPage />} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
    const cards = await screen.findByRole('list', { name: 'Figures of the period' });
    expect(query(within(cards).getByRole('link', { name: /^TSh\s?82$/ }).getAttribute('href'))).toEqual({ ...period, institutionId: '5' });
    expect(within(cards).getByRole('link', { name: '4' }).getAttribute('href')).toMatch(/^\/en\/transactions\?/);

    const methods = screen.getByRole('table', { name: 'Collected by payment method' });
    expect(query(within(methods).getByRole('link', { name: /^TSh\s?75$/ }).getAttribute('href'))).toEqual({ ...period, method: 'cash', institutionId: '5' });
    expect(document.querySelector('[data-chart="Collected by payment method"]')).not.toBeNull();

    const below = screen.getByRole('table', { name: 'Collected by the level below' });
    expect(query(within(below).getByRole('link', { name: /^TSh\s?75$/ }).getAttribute('href'))).toEqual({ ...period, institutionId: '6' });

    const weeks = await screen.findByRole('table', { name: 'Collections over time' });
    expect(query(within(weeks).getByRole('link', { name: /^TSh\s?65$/ }).getAttribute('href'))).toEqual({ ...period, from: '2026-03-02', to: '2026-03-08', institutionId: '5' });
    expect(query(within(weeks).getByRole('link', { name: /^TSh\s?6$/ }).getAttribute('href'))).toEqual({ ...period, from: '2026-01-26', to: '2026-02-01', institutionId: '5' });
    expect(screen.getByRole('radio', { name: 'By week' })).toBeTruthy();

    const compared = await screen.findByRole('table', { name: 'Collected by institution of the level' });
    expect(within(compared).getByRole('link', { name: 'Mwenge Church' }).getAttribute('href')).toBe('/en/stats/9?from=2026-03-01&to=2026-03-31');
    expect(query(within(compared).getByRole('link', { name: /^TSh\s?50$/ }).getAttribute('href'))).toEqual({ ...period, institutionId: '9' });
    expect(within(compared).getByText('The other 1')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveProperty('value', '3');
  });
});
