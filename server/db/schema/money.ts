import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { members, offeringTypes } from './members';

/** Treasurers' counting batches (Planning Center / Rock RMS style): opened, filled, closed, matched to the deposit. */
export const receiptBatches = pgTable(
  'receipt_batches',
  {
    id: uuid('id').primaryKey(),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    name: text('name').notNull(),
    serviceDate: timestamp('service_date', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('open'),
    currency: text('currency').notNull().default('TZS'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [check('receipt_batches_status', sql`${t.status} in ('open','closed')`)],
);

/**
 * Every giving event: mobile push, card, bank transfer, cash or cheque. Amounts are integer minor
 * units. `clientId` is the idempotency key of offline receipts; `idempotencyKey` that of online payments.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').unique(),
    idempotencyKey: text('idempotency_key').unique(),
    requestHash: text('request_hash'),
    institutionId: integer('institution_id').notNull().references(() => institutions.id),
    memberId: integer('member_id').references(() => members.id),
    payerName: text('payer_name'),
    /**
     * The member's "first last" and last name, copied at write time by a trigger (migration 0023)
     * and kept when the member is renamed, so search and lists match and show names without
     * joining members (issue 15). Null without a member. Nothing in the application writes them.
     */
    memberName: text('member_name'),
    memberLastName: text('member_last_name'),
    payerPhone: text('payer_phone'),
    method: text('method').notNull(),
    operator: text('operator'),
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('TZS'),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    referenceNo: text('reference_no').notNull().unique(),
    receiptNo: text('receipt_no'),
    trxId: text('trx_id'),
    providerRef: text('provider_ref'),
    reason: text('reason'),
    failedReason: text('failed_reason'),
    batchId: uuid('batch_id').references(() => receiptBatches.id),
    chequeNo: text('cheque_no'),
    note: text('note'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    creditStatus: text('credit_status'),
    /** The SMS receipt sent to the giver after a cash receipt committed (its state shows in the history). */
    receiptSmsId: integer('receipt_sms_id'),
  },
  (t) => [
    index('transactions_institution_created').on(t.institutionId, t.createdAt),
    index('transactions_institution_received').on(t.institutionId, t.receivedAt),
    index('transactions_batch').on(t.batchId),
    // A printed receipt number names one receipt of its institution (numbers are made offline per device).
    uniqueIndex('transactions_institution_receipt_no').on(t.institutionId, t.receiptNo).where(sql`${t.receiptNo} is not null and ${t.method} in ('cash','cheque')`),
    index('transactions_status').on(t.status),
    // The failed credits waiting for a retry (a handful among millions): the dashboard counts them and the list pages them from this alone.
    index('transactions_failed_credits').on(t.institutionId).where(sql`${t.status} = 'completed' and ${t.creditStatus} = 'failed'`),
    index('transactions_member').on(t.memberId),
    index('transactions_trx_id').on(t.trxId),
    index('transactions_payer_phone').on(t.payerPhone),
    // The dashboard's latest payments: newest completed first, read from the index's head (ADR 030).
    index('transactions_completed_recent').on(sql`coalesce(${t.completedAt}, ${t.createdAt}) desc`, sql`${t.id} desc`).where(sql`${t.status} = 'completed'`),
    check('transactions_amount', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check('transactions_status', sql`${t.status} in ('pending','completed','failed','pending_cancel','canceled')`),
    check('transactions_method', sql`${t.method} in ('mobile','card','bank','cash','cheque')`),
  ],
);

export const transactionLines = pgTable(
  'transaction_lines',
  {
    id: serial('id').primaryKey(),
    transactionId: uuid('transaction_id').notNull().references(() => transactions.id),
    offeringTypeId: integer('offering_type_id').notNull().references(() => offeringTypes.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The pledge the giver named for this line (optional); it is paid first, the rest goes to their other open pledges. */
    pledgeId: integer('pledge_id'),
  },
  (t) => [
    index('transaction_lines_transaction').on(t.transactionId),
    // The transactions list filtered by an offering type (ADR 075): the type's lines, then their transactions.
    index('transaction_lines_offering_type').on(t.offeringTypeId, t.transactionId),
    check('transaction_lines_amount', sql`${t.amount} > 0`),
  ],
);

/** Double-entry ledger: entries are never edited, only reversed; each entry's lines balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    reversalOf: integer('reversal_of'),
    description: text('description').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_entries_reversal').on(t.reversalOf), index('ledger_entries_transaction').on(t.transactionId)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id').notNull().references(() => ledgerEntries.id),
    /** clearing, share:church, share:field, share:union, fees */
    account: text('account').notNull(),
    institutionId: integer('institution_id').references(() => institutions.id),
    offeringTypeId: integer('offering_type_id').references(() => offeringTypes.id),
    currency: text('currency').notNull(),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('ledger_lines_entry').on(t.entryId),
    index('ledger_lines_institution').on(t.institutionId),
    check('ledger_lines_one_side', sql`(${t.debit} = 0) <> (${t.credit} = 0) and ${t.debit} >= 0 and ${t.credit} >= 0`),
  ],
);
