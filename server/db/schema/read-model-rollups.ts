import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { givingMeasures, rollupPeriodKey } from './read-model-columns';

/**
 * The bank's rollups of the statistics (migration 0043, ADR 066): the per-institution read model
 * (read-model.ts) summed per religion and bank branch (0 = none), like collection_rollup, for the
 * breakdowns a bank admin (a religion, or everything) or a branch officer reads with no institution
 * chosen. Kept by statement-level triggers on the per-institution tables, in the same transaction as
 * the money; an institution that changes religion, branch or top of the tree takes its history along.
 * Nothing in the application writes them; `npm run check:read-model` recomputes and compares them.
 */

/**
 * Offering shares per offering type (offering_totals without institution, method and status: the
 * shares are the ledger's, whatever the giving's status). Besides day and month rows it keeps year
 * rows, so a period reads about one row per type: "this year so far" is the year's row less the days
 * and months after today (which hold nothing, or the odd receipt dated ahead), not twelve months and
 * thirty days of rows per type (each congregation names its own types: thousands of them). Week rows
 * (Monday to Sunday, from the day rows, migration 0048) serve the dashboard's week; the week, month
 * and year partitions are indexed by total, so the first types of one row are read first (ADR 072).
 */
export const offeringRollup = pgTable(
  'offering_rollup',
  {
    ...rollupPeriodKey(),
    offeringTypeId: integer('offering_type_id').notNull(),
    currency: text('currency').notNull(),
    church: bigint('share_church', { mode: 'number' }).notNull().default(0),
    field: bigint('share_field', { mode: 'number' }).notNull().default(0),
    union: bigint('share_union', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'offering_rollup_pk', columns: [t.period, t.startsOn, t.currency, t.religionId, t.branchId, t.offeringTypeId] }),
    check('offering_rollup_period_kind', sql`${t.period} in ('day','week','month','year')`),
  ],
);

/**
 * offering_rollup summed over the offering types of a row (migration 0050, ADR 072): per period row,
 * currency, religion and branch, the shares and how many types have any. The dashboard's top ten and
 * the offerings report's first page read the sums over every type here, one row per religion and
 * branch, instead of every type's row of the period (59,024 week rows at 10x). Kept by
 * offering_rollup_add in the same statement as the rows it sums.
 */
export const offeringRollupSums = pgTable(
  'offering_rollup_sums',
  {
    ...rollupPeriodKey(),
    currency: text('currency').notNull(),
    /** Offering types whose row holds a share (any of the three not zero). */
    types: bigint('types', { mode: 'number' }).notNull().default(0),
    church: bigint('share_church', { mode: 'number' }).notNull().default(0),
    field: bigint('share_field', { mode: 'number' }).notNull().default(0),
    union: bigint('share_union', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'offering_rollup_sums_pk', columns: [t.period, t.startsOn, t.currency, t.religionId, t.branchId] }),
    check('offering_rollup_sums_period_kind', sql`${t.period} in ('day','week','month','year')`),
  ],
);

/** Mobile-money givings per network operator (operator_totals without institution). */
export const operatorRollup = pgTable(
  'operator_rollup',
  {
    ...rollupPeriodKey(),
    operator: text('operator').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    ...givingMeasures(),
  },
  (t) => [
    primaryKey({ name: 'operator_rollup_pk', columns: [t.period, t.startsOn, t.religionId, t.branchId, t.operator, t.status, t.currency] }),
    check('operator_rollup_period_kind', sql`${t.period} in ('day','month')`),
  ],
);

/**
 * Givings per top of the tree (collection_totals summed per religion, branch and the first institution
 * of institutions.path): a bank user's "by the level below" reads a few rows per day or month instead
 * of one per institution. Keyed by method too, like collection_rollup, so two givings that update one
 * row here already meet on one row there: the rollup adds no wait between writers.
 */
export const collectionTopRollup = pgTable(
  'collection_top_rollup',
  {
    ...rollupPeriodKey(),
    /** The institution at the top of the giving institution's path (a union, or the institution itself). */
    topId: integer('top_id').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    ...givingMeasures(),
  },
  (t) => [
    primaryKey({ name: 'collection_top_rollup_pk', columns: [t.period, t.startsOn, t.religionId, t.branchId, t.topId, t.method, t.status, t.currency] }),
    check('collection_top_rollup_period_kind', sql`${t.period} in ('day','month')`),
  ],
);
