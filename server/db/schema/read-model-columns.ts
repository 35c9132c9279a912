import { bigint, date, integer, text } from 'drizzle-orm/pg-core';

/**
 * Columns the read model's rollups share (read-model.ts, read-model-rollups.ts). Functions, not
 * constants: drizzle binds a column builder to the one table it is given to.
 */

/** The rollups' key prefix: a day, month or year row of one religion and bank branch (0 = none). */
export const rollupPeriodKey = () => ({
  /** 'day', 'month' (or 'year' where kept): startsOn is that day, the month's first day or 1 January. */
  period: text('period').notNull(),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  religionId: integer('religion_id').notNull(),
  /** The institutions' bank branch; 0 when they have none. */
  branchId: integer('branch_id').notNull(),
});

/** How many givings, their gross amount and their fees, summed (bigint: a bank's year overflows integer). */
export const givingMeasures = () => ({
  transactions: bigint('transactions', { mode: 'number' }).notNull().default(0),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  fee: bigint('fee', { mode: 'number' }).notNull().default(0),
});
