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

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();
// A zone's offset per quarter hour of UTC. Every zone's offset is a multiple of 15 minutes and
// changes only at such a boundary, so one formatToParts per quarter hour answers every instant in it:
// an export of 100,000 rows, read in time order, asks Intl a few thousand times instead of 200,000
// (formatToParts costs ~8 µs a call, 1.5 s of CPU per such file).
const offsets = new Map<string, Map<number, number>>();
const QUARTER_HOUR_MS = 900_000;

function offsetAt(at: Date, timeZone: string): number {
  const quarter = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const known = zone.get(quarter);
  if (known !== undefined) return known;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // h23: midnight is 00, never 24 (some engines' default for en-GB with hour12 off).
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const start = new Date(quarter * QUARTER_HOUR_MS);
  const parts = Object.fromEntries(formatter.formatToParts(start).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const offset = wall - start.getTime();
  // Bounded: a long-running process that formats instants from everywhere in time forgets and starts again.
  if (zone.size >= 50_000) zone.clear();
  zone.set(quarter, offset);
  return offset;
}

/** The wall clock of `timeZone` at an instant, as "YYYY-MM-DDTHH:mm…" (an ISO string shifted by the zone's offset). */
function wallClock(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetAt(at, timeZone)).toISOString();
}

/**
 * The calendar day an instant falls on in `timeZone`. Through Intl rather than date-fns, so the
 * client can ask "what is today where this institution is" without date-fns in its chunk.
 */
export function dayOf(at: Date, timeZone: string = DEFAULT_TIME_ZONE): Day {
  return wallClock(at, timeZone).slice(0, 10);
}

/** "YYYY-MM-DD HH:mm" of an instant on the wall clocks of `timeZone`: how exports print times. */
export function localDateTime(at: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const clock = wallClock(at, timeZone);
  return `${clock.slice(0, 10)} ${clock.slice(11, 16)}`;
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
