import { describe, it } from 'vitest';
import { DashboardBreakdowns as DashboardBreakdownsSchema } from '../../domain/api/stats';
import { DashboardBreakdowns } from '../../src/features/dashboard/breakdown-replies';
import { assertSameReading } from './reply-oracle';

// The dashboard reads its breakdowns without zod (src/features/dashboard/breakdown-replies.ts):
// what it keeps and what it refuses must be what the contract's schema keeps and refuses.
const collected = { amount: 8_000, count: 3 };
const reply = {
  period: 'month',
  currency: 'TZS',
  institution: { id: 1, title: 'East Coast Tanzania Union' },
  current: { from: '2026-03-01', to: '2026-03-18' },
  previous: { from: '2026-02-01', to: '2026-02-28' },
  previousToDate: { from: '2026-02-01', to: '2026-02-18' },
  totals: { current: collected, previousToDate: { amount: 2_000, count: 1 }, previous: { amount: 10_000, count: 2 } },
  overTime: [
    { index: 0, currentStart: '2026-03-01', previousStart: '2026-02-01', current: 4_000, previous: 0 },
    { index: 28, currentStart: null, previousStart: null, current: null, previous: null },
  ],
  byMethod: [{ method: 'cash', ...collected }],
  byOperator: [{ operator: 'vodacom', ...collected }],
  byOfferingType: [{ offeringTypeId: 3, title: 'Sadaka', total: 4_500, church: 2_610, field: 945, union: 945 }],
  byOfferingTypeOther: { types: 12, total: 900, church: 500, field: 300, union: 100 },
  byChild: [{ id: 2, title: 'Coast Field', ...collected }],
  failedPayments: 1,
  failedCredits: 2,
  pledges: { overdue: { count: 2, remaining: 50_000 }, dueIn7Days: { count: 0, remaining: 0 } },
};

describe('dashboard breakdowns read without zod', () => {
  it('keeps and refuses what the contract does', () => {
    assertSameReading(DashboardBreakdowns, DashboardBreakdownsSchema, [reply, { ...reply, institution: null, pledges: null, period: 'year', byOfferingTypeOther: null, byOperator: [] }], 300);
  });
});
