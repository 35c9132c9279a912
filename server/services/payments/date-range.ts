import { dayOf, dayRange, type Day, windowStartDay } from '../../../domain/calendar';
import type { DateRange } from '../../../domain/api/payments';

/**
 * The transactions list's ranges (today, 7 days, 1 month …, or custom days) as the half-open
 * instant range [start, end) of whole calendar days in `timeZone` (domain/calendar: "1 month" is
 * a calendar month, a day starts at 00:00 in the zone), ending today inclusive. The list
 * applies it to `received_at`, the column the read model counts a giving's day by (ADR 030).
 */
export function rangeBounds(range: DateRange, from: Day | undefined, to: Day | undefined, now: Date, timeZone: string): { start: Date; end: Date } {
  if (range === 'custom' && from && to) return dayRange(from, to, timeZone);
  const today = dayOf(now, timeZone);
  return dayRange(windowStartDay(range === 'custom' ? '1m' : range, today), today, timeZone);
}
