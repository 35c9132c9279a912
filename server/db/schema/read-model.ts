import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { givingMeasures, rollupPeriodKey } from './read-model-columns';

/**
 * The read model of the money (ADR 030): totals per calendar day and per calendar month (in the
 * collecting institution's time zone) of the day a giving was received (transactions.received_at). Triggers on transactions, transaction_lines and
 * ledger_lines keep both tables current in the same database transaction as the money, so a
 * dashboard reads a few thousand rows instead of a million transactions. Rows are kept per
 * collecting institution: a union's figure is the sum over its subtree (institutions.path), so
 * moving a church under another field moves its history with it. Nothing in the application
 * writes these tables; `npm run check:read-model` recomputes them and compares.
 */
const periodCheck = (period: unknown) => sql`${period} in ('day','month')`;

/** Transaction grain: how many transactions, their gross amount and fees. */
export const collectionTotals = pgTable(
  'collection_totals',
  {
    /** 'day': startsOn is that day; 'month': startsOn is the month's first day. */
    period: text('period').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    institutionId: integer('institution_id').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    transactions: integer('transactions').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'collection_totals_pk', columns: [t.institutionId, t.period, t.startsOn, t.method, t.status, t.currency] }),
    index('collection_totals_period').on(t.period, t.startsOn),
    check('collection_totals_period_kind', periodCheck(t.period)),
  ],
);

/**
 * Offering grain: the gross of the transaction lines of each offering type, and the shares the
 * ledger credited for them (church, field, union: net of fees and of reversals), so the shares of
 * a row add up to its net.
 */
export const offeringTotals = pgTable(
  'offering_totals',
  {
    period: text('period').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    institutionId: integer('institution_id').notNull(),
    offeringTypeId: integer('offering_type_id').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    church: bigint('share_church', { mode: 'number' }).notNull().default(0),
    field: bigint('share_field', { mode: 'number' }).notNull().default(0),
    union: bigint('share_union', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'offering_totals_pk', columns: [t.institutionId, t.period, t.startsOn, t.offeringTypeId, t.method, t.status, t.currency] }),
    index('offering_totals_period').on(t.period, t.startsOn),
    check('offering_totals_period_kind', periodCheck(t.period)),
  ],
);

/**
 * The unscoped rollup (migration 0018): collection_totals summed over institutions, per religion and
 * bank branch (0 = none), kept by triggers on collection_totals. A bank admin or a branch officer
 * reads a few hundred rows of it where collection_totals would give one per institution and key.
 */
export const collectionRollup = pgTable(
  'collection_rollup',
  {
    ...rollupPeriodKey(),
    method: text('method').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    ...givingMeasures(),
  },
  (t) => [
    primaryKey({ name: 'collection_rollup_pk', columns: [t.period, t.startsOn, t.religionId, t.branchId, t.method, t.status, t.currency] }),
    check('collection_rollup_period_kind', periodCheck(t.period)),
  ],
);

/**
 * Per institution and calendar year (migration 0022): collection_totals' month rows summed over the
 * year (starts_on = 1 January), kept by triggers on collection_totals like the rollup. A bank admin's
 * "top institutions this year" reads one row per institution and key (~9,000 at 2,000
 * congregations) instead of twelve month rows each (~110,000).
 */
export const collectionYearTotals = pgTable(
  'collection_year_totals',
  {
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    institutionId: integer('institution_id').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    transactions: bigint('transactions', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'collection_year_totals_pk', columns: [t.institutionId, t.startsOn, t.method, t.status, t.currency] }),
    // The unscoped question: one year, one status and currency, every institution.
    index('collection_year_totals_year').on(t.startsOn, t.status, t.currency, t.institutionId),
  ],
);

/**
 * collection_year_totals summed over the method (migration 0049, ADR 070): one row per institution,
 * calendar year, status and currency, kept by triggers on collection_year_totals in the same
 * transaction as the money. Indexed in amount order, so the bank admin's top institutions of the
 * year are the first rows of an index scan instead of a sum and sort of every institution's rows.
 */
export const institutionYearTotals = pgTable(
  'institution_year_totals',
  {
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    institutionId: integer('institution_id').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    ...givingMeasures(),
  },
  (t) => [
    primaryKey({ name: 'institution_year_totals_pk', columns: [t.institutionId, t.startsOn, t.status, t.currency] }),
    // Largest first, ties by id: the dashboard's order (`amount desc` puts nulls first: so must the index, to be read as it stands).
    index('institution_year_totals_ranked').on(t.startsOn, t.status, t.currency, t.amount.desc().nullsFirst(), t.institutionId),
  ],
);

/**
 * Per network operator (migration 0040, ADR 065): the mobile-money givings (transactions.operator
 * not null) per collecting institution, day and month, operator, status and currency, kept by
 * statement-level triggers on transactions in the same transaction as the money, like
 * collection_totals. Only givings that name an operator have rows, so the table is a fraction of
 * collection_totals and the dashboards' "by network operator" reads no more rows than "by method".
 */
export const operatorTotals = pgTable(
  'operator_totals',
  {
    period: text('period').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    institutionId: integer('institution_id').notNull(),
    operator: text('operator').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    transactions: integer('transactions').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'operator_totals_pk', columns: [t.institutionId, t.period, t.startsOn, t.operator, t.status, t.currency] }),
    index('operator_totals_period').on(t.period, t.startsOn),
    check('operator_totals_period_kind', periodCheck(t.period)),
  ],
);
