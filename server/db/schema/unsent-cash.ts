import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { users } from './users';

/**
 * Unsent cash (issue 16, ADR 076): what a device last said its outbox holds for one user, one row
 * per institution and currency. A report replaces every row of its device and user, so a device
 * that reports nothing left has no rows; a device that never reported has none either ("when
 * known"). `reported_at` is the server's clock, `oldest_at` the device's.
 */
export const unsentCashReports = pgTable(
  'unsent_cash_reports',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id').notNull(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    currency: text('currency').notNull(),
    receipts: integer('receipts').notNull(),
    held: integer('held').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    oldestAt: timestamp('oldest_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'unsent_cash_reports_pkey', columns: [t.userId, t.deviceId, t.institutionId, t.currency] }),
    // The dashboard reads by institution (joined to the caller's scope), oldest first.
    index('unsent_cash_reports_institution').on(t.institutionId, t.oldestAt),
    check('unsent_cash_reports_counts', sql`${t.receipts} > 0 and ${t.held} >= 0 and ${t.held} <= ${t.receipts} and ${t.amount} >= 0`),
  ],
);
