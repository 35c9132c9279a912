import { daysIn, type OverTimeGrain } from '../../../domain/stats-grains';
import { addDays, addMonths, type Day, monthEnd, weekStart } from '../../../domain/calendar';

type Range = { from: Day; to: Day };
export type BucketPlan = { current: Range; previous: Range; buckets: Array<{ index: number; current: Range; previous: Range }> };

const max = (a: Day, b: Day) => (a > b ? a : b);
const min = (a: Day, b: Day) => (a < b ? a : b);

/**
 * The buckets of a period and the period before it, aligned by position. Days and weeks: the
 * period before is the same number of days earlier, rounded up to whole weeks for weeks so each
 * previous bucket starts on the same weekday (Monday to Sunday, East Africa's calendar days).
 * Months: the same number of calendar months earlier. A first or last bucket is cut by the period.
 */
export function overTimeBuckets(from: Day, to: Day, grain: OverTimeGrain): BucketPlan {
  if (grain === 'month') {
    const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
    const previous = { from: addMonths(from, -months), to: addDays(from, -1) };
    const buckets = Array.from({ length: months }, (_, index) => {
      const start = addMonths(`${from.slice(0, 7)}-01`, index);
      const before = addMonths(start, -months);
      return {
        index,
        current: { from: max(start, from), to: min(monthEnd(start), to) },
        previous: { from: max(before, previous.from), to: min(monthEnd(before), previous.to) },
      };
    });
    return { current: { from, to }, previous, buckets };
  }
  const length = daysIn(from, to);
  const shift = grain === 'week' ? Math.ceil(length / 7) * 7 : length;
  const previous = { from: addDays(from, -shift), to: addDays(to, -shift) };
  const buckets: BucketPlan['buckets'] = [];
  for (let start = grain === 'week' ? weekStart(from) : from; start <= to; start = addDays(start, grain === 'week' ? 7 : 1)) {
    const end = grain === 'week' ? addDays(start, 6) : start;
    const current = { from: max(start, from), to: min(end, to) };
    buckets.push({ index: buckets.length, current, previous: { from: addDays(current.from, -shift), to: addDays(current.to, -shift) } });
  }
  return { current: { from, to }, previous, buckets };
}
