import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The read model of members' participation (ADR 067, migration 0042): who was registered and who
 * gave, kept by statement-level triggers on members, transactions and institutions in the same
 * database transaction as the data, so the statistics overview reads a few hundred rows for any
 * scope instead of every member and transaction in it.
 *
 * Distinct counts do not add up across institutions (a member may give to two of them), so both
 * tables are kept per *scope*: every institution for its whole subtree, every religion and bank
 * branch, and the whole bank ('all', id 0). One member or giving counts in each scope it falls in.
 * Nothing in the application writes these tables; `npm run check:read-model` recomputes and compares.
 */
export const PARTICIPATION_SCOPE_KINDS = ['all', 'religion', 'branch', 'institution'] as const;
export type ParticipationScopeKind = (typeof PARTICIPATION_SCOPE_KINDS)[number];

/**
 * Members not deleted, per scope and day (and month, and year) they were registered on, in their
 * institution's zone. Registered by a day = the year rows before its year + the month rows before
 * its month + the day rows up to it: at most ~45 rows whatever the data.
 */
export const memberTotals = pgTable(
  'member_totals',
  {
    scopeKind: text('scope_kind').notNull(),
    scopeId: integer('scope_id').notNull(),
    /** 'day': startsOn is that day; 'month': the month's first day; 'year': 1 January. */
    period: text('period').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'member_totals_pk', columns: [t.scopeKind, t.scopeId, t.period, t.startsOn] }),
    check('member_totals_period_kind', sql`${t.period} in ('day','month','year')`),
  ],
);

/**
 * Distinct givers: per scope, currency and anchor (the first day of a month), how many members'
 * first completed giving in the scope on or after the anchor, in the anchor's calendar year, fell on
 * `firstDay`. The members who gave between the first of a month and any later day of the same year
 * are the sum over first days up to that day — exact for "this month so far", "this year so far",
 * a quarter, any run of whole months — reading at most ~365 rows.
 */
export const giverFirsts = pgTable(
  'giver_firsts',
  {
    scopeKind: text('scope_kind').notNull(),
    scopeId: integer('scope_id').notNull(),
    currency: text('currency').notNull(),
    anchor: date('anchor', { mode: 'string' }).notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    givers: integer('givers').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'giver_firsts_pk', columns: [t.scopeKind, t.scopeId, t.currency, t.anchor, t.firstDay] })],
);
