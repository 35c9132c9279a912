import { addDays, addMonths, type Day, monthEnd } from '../../../domain/calendar';

/**
 * A period [from, to] as day, month and year rows to add or take away (ADR 066): "this year so far"
 * is the year's row less December and less the rest of this month, one row per key where month and
 * day rows would be ~40. Exact because the rows are sums (a year's row is its months', a month's its
 * days'), so any cover whose signs count each day of [from, to] once and every other day zero gives
 * the same totals. The pieces are ranges of rows: days, month firsts, or 1 Januaries.
 */
export type SignedPeriod = { period: 'day' | 'month' | 'year'; first: Day; last: Day; sign: 1 | -1 };

type Level = 'day' | 'month';
const parentOf = { day: 'month', month: 'year' } as const;

/** The first and the last row of the parent period that holds `row` (a month's days, a year's months). */
function parentBounds(level: Level, row: Day): { first: Day; last: Day } {
  // December's end is written out: monthEnd steps into January, and 9999-12 (the open end) has none.
  if (level === 'day') return { first: `${row.slice(0, 7)}-01`, last: row.slice(5, 7) === '12' ? `${row.slice(0, 4)}-12-31` : monthEnd(row) };
  return { first: `${row.slice(0, 4)}-01-01`, last: `${row.slice(0, 4)}-12-01` };
}

const step = (level: Level | 'year', row: Day, count: number): Day => (level === 'day' ? addDays(row, count) : addMonths(row, level === 'month' ? count : 12 * count));

/**
 * Roughly how many rows a piece reads per key: one per row of the range that has begun by `today`.
 * Rows after today hold nothing (or a receipt dated a few hours ahead), so taking them away is free.
 */
function cost(level: Level | 'year', first: Day, last: Day, today: Day): number {
  let n = 0;
  for (let row = first; row <= last && row <= today; row = step(level, row, 1)) n++;
  return n;
}

function cover(level: Level | 'year', from: Day, to: Day, today: Day): SignedPeriod[] {
  if (level === 'year') return [{ period: 'year', first: from, last: to, sign: 1 }];
  const parent = parentOf[level];
  const head = parentBounds(level, from);
  const tail = parentBounds(level, to);
  const piece = (first: Day, last: Day, sign: 1 | -1): SignedPeriod[] => (first <= last ? [{ period: level, first, last, sign }] : []);
  // The rows of the parent before `from` and after `to` (none when the period starts or ends with it).
  const before = from === head.first ? null : { first: head.first, last: step(level, from, -1) };
  const after = to === tail.last ? null : { first: step(level, to, 1), last: tail.last };
  const costOf = (range: { first: Day; last: Day } | null) => (range ? cost(level, range.first, range.last, today) : 0);
  if (head.first === tail.first) {
    const viaParent = cost(parent, head.first, head.first, today) + costOf(before) + costOf(after);
    if ((before || after) && cost(level, from, to, today) <= viaParent) return piece(from, to, 1);
    return [...cover(parent, head.first, head.first, today), ...(before ? piece(before.first, before.last, -1) : []), ...(after ? piece(after.first, after.last, -1) : [])];
  }
  const pieces: SignedPeriod[] = [];
  let first = head.first;
  let last = tail.first;
  // A ragged edge is either added row by row or its parent is taken whole less the rows outside.
  if (before) {
    if (cost(level, from, head.last, today) <= costOf(before)) {
      pieces.push(...piece(from, head.last, 1));
      first = step(parent, head.first, 1);
    } else pieces.push(...piece(before.first, before.last, -1));
  }
  if (after) {
    if (cost(level, tail.first, to, today) <= costOf(after)) {
      pieces.push(...piece(tail.first, to, 1));
      last = step(parent, tail.first, -1);
    } else pieces.push(...piece(after.first, after.last, -1));
  }
  return first <= last ? [...cover(parent, first, last, today), ...pieces] : pieces;
}

/** [from, to] (both inclusive) as signed ranges of day, month and year rows; `today` says which rows can hold anything yet. */
export function signedPeriods(from: Day, to: Day, today: Day): SignedPeriod[] {
  return from > to ? [] : cover('day', from, to, today);
}
