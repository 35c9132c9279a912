import type { DateRange } from '../../../domain/api/payments';

/**
 * Days are counted in East Africa Time (UTC+3, no daylight saving), where the churches and mosques
 * are: "today" starts at 00:00 in Dar es Salaam, not at midnight UTC.
 */
export const EAT_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
/** Length of the rolling ranges, ending today (inclusive). */
const RANGE_DAYS: Record<Exclude<DateRange, 'custom'>, number> = { today: 1, '7d': 7, '1m': 30, '3m': 91, '6m': 182 };

/** 00:00 EAT of the day `at` falls on, as a UTC instant. */
export function eatDayStart(at: Date): Date {
  return new Date(Math.floor((at.getTime() + EAT_OFFSET_MS) / DAY_MS) * DAY_MS - EAT_OFFSET_MS);
}

/** 00:00 EAT of a calendar day "YYYY-MM-DD". */
export function eatDate(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - EAT_OFFSET_MS);
}

/** [start, end) of a range as UTC instants. */
export function rangeBounds(range: DateRange, from: string | undefined, to: string | undefined, now: Date): { start: Date; end: Date } {
  if (range === 'custom' && from && to) return { start: eatDate(from), end: new Date(eatDate(to).getTime() + DAY_MS) };
  const days = RANGE_DAYS[range === 'custom' ? '1m' : range];
  const end = new Date(eatDayStart(now).getTime() + DAY_MS);
  return { start: new Date(end.getTime() - days * DAY_MS), end };
}
