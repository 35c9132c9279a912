import { dayOf, dayRange, DEFAULT_TIME_ZONE, type Day, windowStartDay } from '../../../domain/calendar';
import type { DateRange } from '../../../domain/api/payments';

/**
 * The transactions list's ranges (today, 7 days, 1 month …, or custom days) as the half-open
 * instant range [start, end) of whole calendar days in `timeZone` (domain/calendar: "1 month" is
 * a calendar month, a day starts at 00:00 in Dar es Salaam), ending today inclusive. The list
 * applies it to `received_at`, the column the read model counts a giving's day by (ADR 030).
 */
export function rangeBounds(range: DateRange, from: Day | undefined, to: Day | undefined, now: Date, timeZone: string = DEFAULT_TIME_ZONE): { start: Date; end: Date } {
  if (range === 'custom' && from && to) return dayRange(from, to, timeZone);
  const today = dayOf(now, timeZone);
  return dayRange(windowStartDay(range === 'custom' ? '1m' : range, today), today, timeZone);
}

/** East Africa Time is UTC+3 all year (no daylight saving): the offset the exports print local times with. */
export const EAT_OFFSET_MS = 3 * 3_600_000;
