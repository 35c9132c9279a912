import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';

/**
 * SMS bought by an institution with its own mobile money (ADR 057/058). Not a row of `transactions`:
 * that table is the giving ledger (collections of the institution, split into shares); a purchase
 * is money going the other way, to the bank. The id is the provider's order id (Selcom `order_id`).
 *
 *   pending ──► completed | failed      (ONE conditional update, like a payment's)
 *
 * The wallet credit (sms_topups.purchase_id, unique) is written in the same transaction as the
 * update that wins, so a purchase adds its units once whatever runs twice.
 */
export const smsPurchases = pgTable(
  'sms_purchases',
  {
    id: uuid('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    /** "SDK…": the push's transaction id at the provider and what the buyer sees on the phone. */
    referenceNo: text('reference_no').notNull(),
    messages: integer('messages').notNull(),
    /** SMS_PRICE_MINOR when it was bought (minor units of `currency`). */
    pricePerMessage: bigint('price_per_message', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('TZS'),
    /** The paying phone (E.164) and its network. */
    phone: text('phone').notNull(),
    operator: text('operator'),
    status: text('status').notNull().default('pending'),
    /** A PaymentReasonCode when failed (refused, insufficient_funds, timeout, amount_mismatch, …). */
    failedReason: text('failed_reason'),
    trxId: text('trx_id'),
    providerRef: text('provider_ref'),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** An unanswered push is given up (cancelled at the provider, failed with reason timeout) after this. */
    timeoutAt: timestamp('timeout_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_purchases_reference').on(t.referenceNo),
    // One push at a time per wallet: a double click or two colleagues cannot start two.
    uniqueIndex('sms_purchases_one_pending').on(t.institutionId).where(sql`${t.status} = 'pending'`),
    index('sms_purchases_institution').on(t.institutionId, t.createdAt),
    check('sms_purchases_status', sql`${t.status} in ('pending','completed','failed')`),
    check('sms_purchases_amount', sql`${t.messages} > 0 and ${t.pricePerMessage} > 0 and ${t.amount} = ${t.messages} * ${t.pricePerMessage}`),
  ],
);
