import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { smsPurchases } from './sms-purchases';

/** Outgoing SMS, charged against the institution's prepaid balance (smsLeft). */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').references(() => institutions.id),
    receiver: text('receiver').notNull(),
    message: text('message').notNull(),
    purpose: text('purpose').notNull().default('custom'),
    status: text('status').notNull().default('queued'),
    sender: text('sender'),
    operator: text('operator'),
    providerMessageId: text('provider_message_id'),
    cost: text('cost'),
    failureReason: text('failure_reason'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_messages_institution').on(t.institutionId, t.createdAt),
    index('sms_messages_provider_id').on(t.providerMessageId),
    // Failed SMS across sends (the /sms page), newest first per institution.
    index('sms_messages_failed').on(t.institutionId, t.id).where(sql`${t.status} = 'failed'`),
    check('sms_messages_status', sql`${t.status} in ('queued','waiting_balance','sent','delivered','failed')`),
  ],
);

/**
 * One send to many (issue 14, ADR 051): what was asked (kind and its detail), the template, and
 * when it goes out. The recipients and their rendered texts are fixed when it is created.
 */
export const smsCampaigns = pgTable(
  'sms_campaigns',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    kind: text('kind').notNull(),
    /** The zone, pledge window or list the recipients came from (for the list and detail pages). */
    detail: jsonb('detail').notNull().default({}),
    message: text('message').notNull(),
    recipients: integer('recipients').notNull(),
    segments: integer('segments').notNull(),
    cost: integer('cost').notNull(),
    scheduleAt: timestamp('schedule_at', { withTimezone: true }),
    /** Set once every recipient has its message written (sent, queued or waiting for balance). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: one institution's campaigns newest first (keyset on id), and the scope's across institutions.
    index('sms_campaigns_institution_id').on(t.institutionId, t.id),
    check('sms_campaigns_kind', sql`${t.kind} in ('all','zone','pledges','list','phone')`),
  ],
);

/**
 * One recipient of a campaign, in send order. `sms_id` is the current attempt: drawn from the
 * sms_messages sequence when the recipient is claimed, so the message row is written under an id
 * fixed beforehand and a retried dispatch can never write a second one (primary key).
 */
export const smsCampaignRecipients = pgTable(
  'sms_campaign_recipients',
  {
    campaignId: integer('campaign_id').notNull().references(() => smsCampaigns.id),
    ord: integer('ord').notNull(),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    memberId: integer('member_id'),
    language: text('language').notNull().default('sw'),
    message: text('message').notNull(),
    smsId: integer('sms_id'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.ord] }), index('sms_campaign_recipients_sms').on(t.smsId)],
);

/**
 * Units added to an institution's wallet (ADR 057). `source` says how: `bank` = by bank staff, an
 * approved maker-checker request (`request_id`; maker in `created_by`, checker in `approved_by`);
 * `mobile` = bought by the institution with mobile money (`purchase_id`, an sms_purchases row; the
 * buyer in `created_by`). The unique keys make each request and each purchase add its units once,
 * whatever runs twice. Rows from before ADR 057 have neither key. `transaction_id` was planned for
 * purchases before they got their own table (ADR 058) and stays unused.
 */
export const smsTopups = pgTable(
  'sms_topups',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    amount: integer('amount').notNull(),
    source: text('source').notNull().default('bank'),
    requestId: integer('request_id'),
    transactionId: uuid('transaction_id'),
    purchaseId: uuid('purchase_id').references(() => smsPurchases.id),
    createdBy: integer('created_by'),
    approvedBy: integer('approved_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_topups_request').on(t.requestId),
    uniqueIndex('sms_topups_transaction').on(t.transactionId),
    uniqueIndex('sms_topups_purchase').on(t.purchaseId),
    index('sms_topups_institution').on(t.institutionId, t.createdAt),
    check('sms_topups_source', sql`${t.source} in ('bank','mobile')`),
    check('sms_topups_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * Delivery reports that arrived before our own 'sent' update recorded the provider's message id
 * (the provider can answer the send and report delivery faster than we commit). Applied as soon
 * as the id is recorded, then removed.
 */
export const smsEarlyReports = pgTable('sms_early_reports', {
  providerMessageId: text('provider_message_id').primaryKey(),
  status: text('status').notNull(),
  failureReason: text('failure_reason'),
  networkCode: text('network_code'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail sent by the product; the default transport only records it here (a local outbox page reads it). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  transport: text('transport').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
