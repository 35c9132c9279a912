import type { OfferingsReport } from '../../../domain/api/stats';

/** Types the page asks for first; "Show more" doubles it up to the server's most (domain: OFFERINGS_REPORT_MAX_LIMIT). */
export const OFFERINGS_FIRST = 25;
/** Bars the chart draws before it sums the rest in one: a chart of hundreds of bars says nothing. */
export const OFFERINGS_BARS = 10;

type Shares = { total: number; church: number; field: number; union: number };

/**
 * The shares of the types the answer does not name, and how many they are: the report's totals are
 * over every type of the period (ADR 071), its rows only the first ones. Null when every type is named.
 */
export function restOf(report: Pick<OfferingsReport, 'totals' | 'types'>, named: readonly Shares[]): (Shares & { types: number }) | null {
  const types = report.types - named.length;
  if (types <= 0) return null;
  const sum = (key: keyof Shares) => report.totals[key] - named.reduce((acc, row) => acc + row[key], 0);
  return { types, total: sum('total'), church: sum('church'), field: sum('field'), union: sum('union') };
}

/** The next, larger page of types: twice as many, never past the server's most. */
export function moreOf(limit: number, max: number): number {
  return Math.min(limit * 2, max);
}
