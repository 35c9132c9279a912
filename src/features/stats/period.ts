import { dayOf } from '../../../domain/calendar';

/** The default period: the calendar month so far, in `timeZone` (the caller's, ADR 077). */
export function monthSoFar(timeZone: string, now = new Date()): { from: string; to: string } {
  const today = dayOf(now, timeZone);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period a link names (`?from=YYYY-MM-DD&to=YYYY-MM-DD`), or null when it names none or a wrong one. */
export function periodFromAddress(params: URLSearchParams): { from: string; to: string } | null {
  const from = params.get('from');
  const to = params.get('to');
  return from && to && DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : null;
}
