import { TZDate } from '@date-fns/tz';
import { addDays as addDaysTo, addMonths as addMonthsTo, format } from 'date-fns';

/**
 * One notion of a day for the whole product: a day is a calendar date in an institution's time
 * zone (East Africa Time unless the institution says otherwise), "today" is the date there now,
 * and "1 month" is a calendar month. Every date filter, report, read model and dashboard goes
 * through these helpers, so no two pages disagree about which day a payment fell on.
 */
export const DEFAULT_TIME_ZONE = 'Africa/Dar_es_Salaam';

/** A calendar date, "YYYY-MM-DD". */
export type Day = string;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: string): value is Day {
  if (!DAY_PATTERN.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parts(day: Day): [number, number, number] {
  if (!isDay(day)) throw new RangeError(`not a calendar day: ${day}`);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return [year, month - 1, date];
}

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and
// statements and exports ask for thousands of days.
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // h23: midnight is 00, never 24 (some engines' default for en-GB with hour12 off).
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(at).map((part) => [part.type, part.value]));
  return { year: parts.year!.padStart(4, '0'), month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/**
 * The calendar day an instant falls on in `timeZone`. Through Intl rather than date-fns, so the
 * client can ask "what is today where this institution is" without date-fns in its chunk.
 */
export function dayOf(at: Date, timeZone: string = DEFAULT_TIME_ZONE): Day {
  const clock = wallClock(at, timeZone);
  return `${clock.year}-${clock.month}-${clock.day}`;
}

/** "YYYY-MM-DD HH:mm" of an instant on the wall clocks of `timeZone`: how exports print times. */
export function localDateTime(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const clock = wallClock(at, timeZone);
  return `${clock.year}-${clock.month}-${clock.day} ${clock.hour}:${clock.minute}`;
}

/** The instant a day starts (00:00 local) in `timeZone`. */
export function dayStart(day: Day, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const [year, month, date] = parts(day);
  return new Date(new TZDate(year, month, date, timeZone).getTime());
}

/** The day `count` days after `day` (negative: before). */
export function addDays(day: Day, count: number): Day {
  const [year, month, date] = parts(day);
  return format(addDaysTo(new Date(year, month, date), count), 'yyyy-MM-dd');
}

/**
 * Whether `a` is an earlier day than `b`. Not `a < b` on the strings: the day after the open end
 * 9999-12-31 is 10000-01-01, which sorts before every four-digit year as text.
 */
export function dayBefore(a: Day, b: Day): boolean {
  return a.length === b.length ? a < b : a.length < b.length;
}

/** The same date `count` calendar months later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: Day, count: number): Day {
  const [year, month, date] = parts(day);
  return format(addMonthsTo(new Date(year, month, date), count), 'yyyy-MM-dd');
}

/** The Monday of the week `day` falls in (weeks run Monday to Sunday, as in Tanzania's calendars). */
export function weekStart(day: Day): Day {
  const [year, month, date] = parts(day);
  const weekday = new Date(Date.UTC(year, month, date)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The last day of the calendar month `day` falls in. */
export function monthEnd(day: Day): Day {
  return addDays(addMonths(`${day.slice(0, 7)}-01`, 1), -1);
}

/**
 * The half-open instant range [start, end) covering the days `from` … `to` (both inclusive) in
 * `timeZone`: what a "from / to" date filter means everywhere.
 */
export function dayRange(from: Day, to: Day, timeZone: string = DEFAULT_TIME_ZONE): { start: Date; end: Date } {
  return { start: dayStart(from, timeZone), end: dayStart(addDays(to, 1), timeZone) };
}

/** Rolling windows that end today (inclusive), as the spec's due and date filters name them. */
export const WINDOWS = ['today', '7d', '1m', '3m', '6m'] as const;
export type Window = (typeof WINDOWS)[number];

/** The first day of a window that ends on `today`: 7 days is today and the 6 before; 1 month starts the same date a month ago, plus one day. */
export function windowStartDay(window: Window, today: Day): Day {
  switch (window) {
    case 'today':
      return today;
    case '7d':
      return addDays(today, -6);
    case '1m':
      return addDays(addMonths(today, -1), 1);
    case '3m':
      return addDays(addMonths(today, -3), 1);
    case '6m':
      return addDays(addMonths(today, -6), 1);
  }
}

/** The last day of a window that starts today (for things coming due: "due in 7 days" is today … today + 6). */
export function windowEndDay(window: Window, today: Day): Day {
  switch (window) {
    case 'today':
      return today;
    case '7d':
      return addDays(today, 6);
    case '1m':
      return addDays(addMonths(today, 1), -1);
    case '3m':
      return addDays(addMonths(today, 3), -1);
    case '6m':
      return addDays(addMonths(today, 6), -1);
  }
}
