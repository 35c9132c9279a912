import { describe, expect, it } from 'vitest';
import { dashboardPeriods } from '../../server/services/stats/dashboard-periods';

describe('dashboard periods (this week, month or year so far against the last)', () => {
  it('compares a month with the whole last month and with it up to the same date, clamped to its end', () => {
    const march = dashboardPeriods('month', '2026-03-31');
    expect(march.current).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(march.previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(march.previousToDate).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(march.buckets).toHaveLength(31);
    expect(march.buckets[28]).toEqual({ index: 28, currentStart: '2026-03-29', previousStart: null });
    const april = dashboardPeriods('month', '2026-04-10');
    expect(april.buckets).toHaveLength(31);
    expect(april.buckets[10]).toEqual({ index: 10, currentStart: null, previousStart: '2026-03-11' });
    expect(april.buckets[30]).toEqual({ index: 30, currentStart: null, previousStart: '2026-03-31' });
    expect(april.previousToDate.to).toBe('2026-03-10');
  });

  it('runs weeks Monday to Sunday and years by month', () => {
    const week = dashboardPeriods('week', '2026-03-18');
    expect(week.grain).toBe('day');
    expect(week.current).toEqual({ from: '2026-03-16', to: '2026-03-18' });
    expect(week.previous).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(week.previousToDate.to).toBe('2026-03-11');
    expect(week.buckets.map((b) => b.currentStart)).toEqual(['2026-03-16', '2026-03-17', '2026-03-18', null, null, null, null]);
    const year = dashboardPeriods('year', '2026-03-18');
    expect(year.grain).toBe('month');
    expect(year.previous).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(year.previousToDate).toEqual({ from: '2025-01-01', to: '2025-03-18' });
    expect(year.buckets[2]).toEqual({ index: 2, currentStart: '2026-03-01', previousStart: '2025-03-01' });
    expect(year.buckets[3]?.currentStart).toBeNull();
  });
});
