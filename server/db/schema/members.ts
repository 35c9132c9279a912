import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions, zones } from './institutions';

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    /** Client-generated id from an offline registration (the idempotency key), when it came that way. */
    clientId: uuid('client_id').unique(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    zoneId: integer('zone_id').references(() => zones.id),
    code: text('code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164, e.g. +255712345678. */
    phone: text('phone').notNull(),
    email: text('email'),
    gender: text('gender'),
    preferredLanguage: text('preferred_language').notNull().default('sw'),
    country: text('country').notNull().default('TZ'),
    addressOne: text('address_one'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Last change (insert, edit, soft delete): a trigger keeps it current whatever writes the row,
     * so devices can fetch only what changed since their last look (see /api/members/cache).
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the canonical offline registration, so a replay is told from a changed body under the same client id. */
    requestHash: text('request_hash'),
  },
  (t) => [
    index('members_updated').on(t.updatedAt, t.id),
    index('members_institution_updated').on(t.institutionId, t.updatedAt, t.id),
    uniqueIndex('members_institution_code').on(t.institutionId, t.code),
    uniqueIndex('members_institution_phone').on(t.institutionId, t.phone).where(sql`${t.deletedAt} is null`),
    index('members_phone').on(t.phone),
    // The search's prefix indexes (members_name_search_list, members_last_name_search_list,
    // members_code_search_list) carry INCLUDE columns, which drizzle cannot declare: migrations 0034 and 0051.
    // The next member number without reading every member (services/desk/member-code.ts).
    index('members_institution_code_length').on(t.institutionId, sql`length(${t.code})`, t.code),
    check('members_language', sql`${t.preferredLanguage} in ('sw','en')`),
  ],
);

export const offeringTypes = pgTable(
  'offering_types',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    title: text('title').notNull(),
    /** Shares in basis points; they always total 10000 (100%). */
    churchBp: integer('church_bp').notNull(),
    fieldBp: integer('field_bp').notNull(),
    unionBp: integer('union_bp').notNull(),
    active: integer('active').notNull().default(1),
    /**
     * Set on a congregation's copy of a type its union, field or district defines (ADR 021): the
     * copy follows the source's title, divisions and state; the desk and the ledger read copies only.
     */
    sourceTypeId: integer('source_type_id').references((): AnyPgColumn => offeringTypes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offering_types_source').on(t.sourceTypeId),
    uniqueIndex('offering_types_institution_title').on(t.institutionId, t.title),
    check('offering_types_total', sql`${t.churchBp} + ${t.fieldBp} + ${t.unionBp} = 10000`),
    check('offering_types_non_negative', sql`${t.churchBp} >= 0 and ${t.fieldBp} >= 0 and ${t.unionBp} >= 0`),
  ],
);

/**
 * A building-fund drive or similar (Planning Center / Rock RMS "pledge campaigns"): a target the
 * pledges in it add up against. Progress is read from the pledges, never stored.
 */
export const pledgeCampaigns = pgTable(
  'pledge_campaigns',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    name: text('name').notNull(),
    offeringTypeId: integer('offering_type_id').references(() => offeringTypes.id),
    currency: text('currency').notNull().default('TZS'),
    target: bigint('target', { mode: 'number' }).notNull(),
    endsOn: timestamp('ends_on', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pledge_campaigns_institution_name').on(t.institutionId, t.name), check('pledge_campaigns_target', sql`${t.target} > 0`)],
);

/**
 * A member's promise to give. `paid` is a cache of the live allocations below, kept by database
 * triggers (migration pledges_allocation) whatever code writes the money; nobody types it.
 */
export const pledges = pgTable(
  'pledges',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    memberId: integer('member_id').notNull().references(() => members.id),
    offeringTypeId: integer('offering_type_id').references(() => offeringTypes.id),
    campaignId: integer('campaign_id').references((): AnyPgColumn => pledgeCampaigns.id),
    currency: text('currency').notNull().default('TZS'),
    total: bigint('total', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    dueDate: timestamp('due_date', { withTimezone: true }).notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    paymentMethod: text('payment_method'),
    note: text('note'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('pledges_amounts', sql`${t.total} > 0 and ${t.paid} >= 0 and ${t.paid} <= ${t.total}`),
    index('pledges_open_by_member').on(t.memberId, t.offeringTypeId, t.dueDate),
    // The pledges list's order (due date, id; ADR 062): a church's pages read this as one range,
    // a wider scope (union, religion, branch) walks pledges_due_list and keeps its own.
    index('pledges_institution_due').on(t.institutionId, t.dueDate, t.id),
    index('pledges_due_list').on(t.dueDate, t.id),
    index('pledges_campaign').on(t.campaignId),
  ],
);

/**
 * Which money paid which pledge: one row per (transaction line, pledge) while it counts. A reversal
 * (the payment leaving 'completed', or a ledger reversal of it) stamps `reversedAt` and gives the
 * amount back; the row stays as history. The partial unique index makes a line count once per pledge.
 */
export const pledgeAllocations = pgTable(
  'pledge_allocations',
  {
    id: serial('id').primaryKey(),
    pledgeId: integer('pledge_id').notNull().references(() => pledges.id),
    transactionId: uuid('transaction_id').notNull(),
    transactionLineId: integer('transaction_line_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pledge_allocations_live').on(t.transactionLineId, t.pledgeId).where(sql`${t.reversedAt} is null`),
    index('pledge_allocations_pledge').on(t.pledgeId),
    index('pledge_allocations_transaction').on(t.transactionId),
    check('pledge_allocations_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * One row per pledge per calendar day a reminder went out (or was claimed): the primary key is the
 * claim, so two workers or a manual "remind now" on the same day cannot both send.
 */
export const pledgeReminders = pgTable(
  'pledge_reminders',
  {
    pledgeId: integer('pledge_id').notNull().references(() => pledges.id),
    day: text('day').notNull(),
    smsId: integer('sms_id'),
    trigger: text('trigger').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pledgeId, t.day] }), check('pledge_reminders_trigger', sql`${t.trigger} in ('schedule','manual')`)],
);

/**
 * Every division an offering type has had, from when it applied (ADR 021). Ledger entries are never
 * re-split; money received from `effectiveFrom` on is split by this row's shares.
 */
export const offeringTypeDivisions = pgTable(
  'offering_type_divisions',
  {
    id: serial('id').primaryKey(),
    offeringTypeId: integer('offering_type_id').notNull().references(() => offeringTypes.id),
    churchBp: integer('church_bp').notNull(),
    fieldBp: integer('field_bp').notNull(),
    unionBp: integer('union_bp').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('offering_type_divisions_type_from').on(t.offeringTypeId, t.effectiveFrom),
    check('offering_type_divisions_total', sql`${t.churchBp} + ${t.fieldBp} + ${t.unionBp} = 10000`),
    check('offering_type_divisions_non_negative', sql`${t.churchBp} >= 0 and ${t.fieldBp} >= 0 and ${t.unionBp} >= 0`),
  ],
);
