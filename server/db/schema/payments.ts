import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bankAccounts, institutions } from './institutions';
import { transactions } from './money';

/**
 * The payments engine's own tables (issue 4). The payment itself is a row of `transactions`
 * (method mobile, card or bank); these hold what only online payments need.
 */

/** One per online payment: how it was started and when we stop waiting for it. */
export const onlinePayments = pgTable(
  'online_payments',
  {
    transactionId: uuid('transaction_id').primaryKey().references(() => transactions.id),
    provider: text('provider').notNull(),
    /** Card: the hosted card page the payer was sent to. */
    checkoutUrl: text('checkout_url'),
    /** Bank transfer: the account the payer was told to pay into. */
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    /** After this a push/checkout is cancelled at the provider, a transfer is given up. */
    timeoutAt: timestamp('timeout_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('online_payments_timeout').on(t.timeoutAt)],
);

/** What happened to a payment, oldest first: start, callbacks (also rejected ones), polls, cancels, credits. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    /** Null when a callback named no payment we know. */
    transactionId: uuid('transaction_id'),
    source: text('source').notNull(),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_transaction').on(t.transactionId, t.id), index('payment_events_outcome').on(t.outcome, t.createdAt)],
);

/**
 * The credit of each share of a completed payment to its holder's bank account. One row per
 * payment and share, enforced here, so no share is ever credited twice whatever retries run.
 */
export const paymentCredits = pgTable(
  'payment_credits',
  {
    id: serial('id').primaryKey(),
    transactionId: uuid('transaction_id').notNull().references(() => transactions.id),
    share: text('share').notNull(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id),
    accountNumber: text('account_number').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_credits_one_per_share').on(t.transactionId, t.share),
    index('payment_credits_institution').on(t.institutionId, t.createdAt),
    check('payment_credits_amount', sql`${t.amount} > 0`),
    check('payment_credits_share', sql`${t.share} in ('church','field','union')`),
  ],
);

/** Every attempt to credit a completed payment (automatic or a staff retry), with why it failed. */
export const paymentCreditAttempts = pgTable(
  'payment_credit_attempts',
  {
    id: serial('id').primaryKey(),
    transactionId: uuid('transaction_id').notNull().references(() => transactions.id),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    attemptedBy: integer('attempted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_credit_attempts_transaction').on(t.transactionId, t.id), check('payment_credit_attempts_outcome', sql`${t.outcome} in ('credited','failed')`)],
);

/** Fixed-window request counters (per address, per phone), in the database so every replica agrees. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
