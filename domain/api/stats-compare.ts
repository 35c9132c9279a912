import { z } from 'zod';
import { recordIdText } from './common';
import { isDay } from '../calendar';
import { COMPARE_MAX_LIMIT, daysIn, GRAIN_MAX_DAYS, OVER_TIME_GRAINS } from '../stats-grains';

/**
 * The statistics page's over-time series and level comparison (issue 16, ADR 079). Days are
 * calendar days (`YYYY-MM-DD`); money is integer minor units.
 *
 * - `GET /stats/over-time?from&to&institutionId&grain&currency` → StatsOverTime: the period in
 *   day, week (Monday to Sunday) or month buckets, each beside the same bucket of the period before.
 * - `GET /stats/compare?from&to&institutionId&levelId&limit&currency` → LevelComparison: every
 *   institution of one level under the institution, largest first, the first `limit` and the rest.
 */
const Day = z.string().refine(isDay, { message: 'not a calendar day (YYYY-MM-DD)' });

const periodFields = {
  from: Day,
  to: Day,
  institutionId: recordIdText.optional(),
  currency: z.string().trim().toUpperCase().length(3).default('TZS'),
};

export const StatsOverTimeQuery = z
  .object({ ...periodFields, grain: z.enum(OVER_TIME_GRAINS).default('day') })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => q.from > q.to || daysIn(q.from, q.to) <= GRAIN_MAX_DAYS[q.grain], { message: 'the period is too long for this grain', path: ['grain'] });
export type StatsOverTimeQuery = z.output<typeof StatsOverTimeQuery>;

const Range = z.object({ from: z.string(), to: z.string() });

export const OverTimeBucket = z.object({
  index: z.number().int(),
  /** The bucket's days inside the period (a first or last week or month may be cut by it). */
  current: Range,
  previous: Range,
  currentAmount: z.number().int(),
  currentCount: z.number().int(),
  previousAmount: z.number().int(),
  previousCount: z.number().int(),
});
export type OverTimeBucket = z.output<typeof OverTimeBucket>;

export const StatsOverTime = z.object({
  grain: z.enum(OVER_TIME_GRAINS),
  currency: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The period asked for, and the one before it of the same length (whole weeks or months when the grain is). */
  current: Range,
  previous: Range,
  buckets: z.array(OverTimeBucket),
});
export type StatsOverTime = z.output<typeof StatsOverTime>;

export const LevelComparisonQuery = z
  .object({
    ...periodFields,
    /** A level below the institution's, of its religion; without it the lowest (the congregations). */
    levelId: recordIdText.optional(),
    limit: z.coerce.number<number | string>().int().min(1).max(COMPARE_MAX_LIMIT).default(10),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type LevelComparisonQuery = z.output<typeof LevelComparisonQuery>;

const Collected = { amount: z.number().int(), count: z.number().int() };
export const ComparedLevel = z.object({ id: z.number().int(), code: z.string(), nameEn: z.string(), nameSw: z.string() });
export type ComparedLevel = z.output<typeof ComparedLevel>;

export const LevelComparison = z.object({
  institution: z.object({ id: z.number().int(), title: z.string() }),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** The levels below the institution's that can be compared, highest first; `level` is the one compared. */
  levels: z.array(ComparedLevel),
  level: ComparedLevel.nullable(),
  /** How many institutions of the level lie under the institution (in the caller's scope). */
  institutions: z.number().int(),
  /** The first `limit`, largest first (then title, then id); each with its whole subtree's givings. */
  rows: z.array(z.object({ id: z.number().int(), title: z.string(), ...Collected })),
  /** The institutions after the first `limit`, summed; null when every one is in `rows`. */
  rest: z.object({ institutions: z.number().int(), ...Collected }).nullable(),
  /** Given to institutions above the level (the institution itself, a field with no district between). */
  above: z.object(Collected),
  total: z.object(Collected),
});
export type LevelComparison = z.output<typeof LevelComparison>;
