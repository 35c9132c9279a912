import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { DashboardBreakdowns } from '../../domain/api/stats';
import { BreakdownTables } from '../../src/features/dashboard/breakdown-tables';
import { filtersFromAddress } from '../../src/features/payments/filters-from-address';
import './helpers';

const data: DashboardBreakdowns = {
  period: 'month',
  currency: 'TZS',
  institution: null,
  current: { from: '2026-03-01', to: '2026-03-18' },
  previous: { from: '2026-02-01', to: '2026-02-28' },
  previousToDate: { from: '2026-02-01', to: '2026-02-18' },
  totals: { current: { amount: 20_000, count: 4 }, previousToDate: { amount: 0, count: 0 }, previous: { amount: 0, count: 0 } },
  overTime: [],
  byMethod: [{ method: 'mobile', amount: 17_500, count: 3 }],
  byOperator: [
    { operator: 'vodacom', amount: 12_500, count: 2 },
    { operator: 'tigo', amount: 5_000, count: 1 },
  ],
  byOfferingType: [{ offeringTypeId: 3, title: 'Sadaka', total: 4_500, church: 2_610, field: 945, union: 945 }],
  byOfferingTypeOther: { types: 12, total: 900, church: 500, field: 300, union: 100 },
  byChild: [],
  failedPayments: 0,
  failedCredits: null,
  pledges: null,
};

const renderTables = () =>
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <BreakdownTables data={data} locale="en" money={(amount) => `TZS ${amount}`} methodLabel={(method) => method} />
      </MemoryRouter>
    </I18nProvider>,
  );

describe('dashboard by network operator', () => {
  it('shows each operator in a table beside its chart, each figure a link to its transactions', () => {
    renderTables();
    const table = screen.getByRole('table', { name: 'Collected by network operator' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Vodacom M-Pesa', 'TZS 12500', '2'],
      ['Mixx by Yas (Tigo Pesa)', 'TZS 5000', '1'],
    ]);
    const link = within(rows[0]!).getByRole('link', { name: 'TZS 12500' });
    const url = new URL(link.getAttribute('href')!, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'completed', range: 'custom', from: '2026-03-01', to: '2026-03-18', operator: 'vodacom' });
    // The list reads the operator back from the address.
    expect(filtersFromAddress(url.searchParams, { status: 'all', range: '1m' })).toMatchObject({ operator: 'vodacom', status: 'completed', from: '2026-03-01' });
    expect(filtersFromAddress(new URLSearchParams('operator=unknown'), { status: 'all', range: '1m' }).operator).toBeUndefined();
  });

  it('sums the offering types beyond the ten largest in one "other" row, counted in the totals', () => {
    renderTables();
    const table = screen.getByRole('table', { name: 'Offerings by type and share' });
    expect(within(table).getByRole('link', { name: 'Other types (12)' })).toBeTruthy();
    const footer = within(table).getAllByRole('row').at(-1)!;
    expect(footer.textContent).toContain('TZS 5400');
  });
});
