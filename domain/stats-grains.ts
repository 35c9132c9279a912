/**
 * The statistics page's over-time grains and comparison limit (ADR 079), without zod so the page's
 * chunk can import them (docs/decisions/013-desk-bundle.md).
 */
export const OVER_TIME_GRAINS = ['day', 'week', 'month'] as const;
export type OverTimeGrain = (typeof OVER_TIME_GRAINS)[number];

/** Longest period per grain, in days: beyond it the buckets stop being readable (and day rows stop being few). */
export const GRAIN_MAX_DAYS: Record<OverTimeGrain, number> = { day: 93, week: 371, month: 3700 };
export const COMPARE_MAX_LIMIT = 200;

/** Days from `from` to `to`, both counted (calendar days, no zone involved). */
export function daysIn(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The grains that make sense for a period: days up to a quarter, weeks up to a year, months from two months on. */
export function grainsFor(from: string, to: string): OverTimeGrain[] {
  const days = daysIn(from, to);
  return OVER_TIME_GRAINS.filter((grain) => days <= GRAIN_MAX_DAYS[grain] && (grain !== 'week' || days >= 8) && (grain !== 'month' || from.slice(0, 7) !== to.slice(0, 7)));
}

