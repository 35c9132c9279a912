import type { DashboardPeriod } from '../../../domain/api/stats';
import { addDays, addMonths, type Day, monthEnd, weekStart } from '../../../domain/calendar';

/** A period of the dashboard: this one so far, the whole last one, and the last one up to the same point. */
export type DashboardPeriods = {
  current: { from: Day; to: Day };
  previous: { from: Day; to: Day };
  previousToDate: { from: Day; to: Day };
  /** Buckets: days (week, month) or months (year), as the first day of each, aligned by position. */
  buckets: Array<{ index: number; currentStart: Day | null; previousStart: Day | null }>;
  grain: 'day' | 'month';
};

const min = (a: Day, b: Day) => (a < b ? a : b);

/**
 * Where this week, month or year and the last one begin and end, on calendar days of the
 * viewer's zone (domain/calendar.ts): a week is Monday to Sunday, a month a calendar month, so
 * "last month to date" on 31 March stops at 28 (or 29) February.
 */
export function dashboardPeriods(period: DashboardPeriod, today: Day): DashboardPeriods {
  if (period === 'week') {
    const from = weekStart(today);
    const previousFrom = addDays(from, -7);
    const buckets = Array.from({ length: 7 }, (_, index) => ({ index, currentStart: addDays(from, index) <= today ? addDays(from, index) : null, previousStart: addDays(previousFrom, index) }));
    return { grain: 'day', current: { from, to: today }, previous: { from: previousFrom, to: addDays(from, -1) }, previousToDate: { from: previousFrom, to: addDays(today, -7) }, buckets };
  }
  if (period === 'month') {
    const from = `${today.slice(0, 7)}-01`;
    const previousFrom = addMonths(from, -1);
    const previousTo = addDays(from, -1);
    const length = Math.max(Number(monthEnd(today).slice(8)), Number(previousTo.slice(8)));
    const buckets = Array.from({ length }, (_, index) => {
      const current = addDays(from, index);
      const previous = addDays(previousFrom, index);
      return { index, currentStart: current <= today && current.slice(0, 7) === from.slice(0, 7) ? current : null, previousStart: previous <= previousTo ? previous : null };
    });
    return { grain: 'day', current: { from, to: today }, previous: { from: previousFrom, to: previousTo }, previousToDate: { from: previousFrom, to: min(addMonths(today, -1), previousTo) }, buckets };
  }
  const from = `${today.slice(0, 4)}-01-01`;
  const previousFrom = addMonths(from, -12);
  const buckets = Array.from({ length: 12 }, (_, index) => {
    const current = addMonths(from, index);
    return { index, currentStart: current <= today ? current : null, previousStart: addMonths(previousFrom, index) };
  });
  return { grain: 'month', current: { from, to: today }, previous: { from: previousFrom, to: addDays(from, -1) }, previousToDate: { from: previousFrom, to: addMonths(today, -12) }, buckets };
}
