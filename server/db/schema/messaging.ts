import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';

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
    check('sms_messages_status', sql`${t.status} in ('queued','waiting_balance','sent','delivered','failed')`),
  ],
);

export const smsTopups = pgTable('sms_topups', {
  id: serial('id').primaryKey(),
  institutionId: integer('institution_id').notNull().references(() => institutions.id),
  amount: integer('amount').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
