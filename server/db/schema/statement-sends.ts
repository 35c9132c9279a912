import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { members } from './members';

/**
 * A sending of year statements (ADR 064): to one member (`member_id`) or to a whole congregation
 * (`member_id` null: every member who gave that year). The recipients are fixed when it is created.
 */
export const statementSends = pgTable(
  'statement_sends',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    year: integer('year').notNull(),
    memberId: integer('member_id').references(() => members.id),
    recipients: integer('recipients').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set once every recipient was handled (sent, or failed with its reason). */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('statement_sends_institution').on(t.institutionId, t.id),
    // One send of a year at a time per congregation (member_id null) and per member: a second press
    // while the first is still going out is refused; once it went out, sending again is a choice.
    uniqueIndex('statement_sends_one_running').on(t.institutionId, t.year, sql`coalesce(${t.memberId}, 0)`).where(sql`${t.dispatchedAt} is null`),
  ],
);

/**
 * One member of a send: by email when they have one, else by SMS. `state` moves pending → sending
 * (claimed by one dispatcher, never two) → sent | failed; `sms_id`/`mail_id` point at the message.
 */
export const statementSendRecipients = pgTable(
  'statement_send_recipients',
  {
    id: serial('id').primaryKey(),
    sendId: integer('send_id').notNull().references(() => statementSends.id),
    memberId: integer('member_id').notNull().references(() => members.id),
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    language: text('language').notNull(),
    state: text('state').notNull().default('pending'),
    linkId: integer('link_id'),
    smsId: integer('sms_id'),
    mailId: integer('mail_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('statement_send_recipients_member').on(t.sendId, t.memberId),
    check('statement_send_recipients_channel', sql`${t.channel} in ('sms','email')`),
    check('statement_send_recipients_state', sql`${t.state} in ('pending','sending','sent','failed')`),
  ],
);

/**
 * A link that opens one member's statement of one year, and nothing else. Only the SHA-256 of its
 * token is stored; it expires, and can be revoked.
 */
export const statementLinks = pgTable(
  'statement_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id').notNull().references(() => members.id),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    year: integer('year').notNull(),
    language: text('language').notNull(),
    channel: text('channel').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
    opened: integer('opened').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('statement_links_token').on(t.tokenHash), index('statement_links_member').on(t.memberId, t.id)],
);
