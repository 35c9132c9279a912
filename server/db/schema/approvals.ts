import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Maker-checker commands (the Fineract model): the full payload of a change waits here until a
 * different authorised user approves (executing it) or rejects it. One pending command per subject.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    status: text('status').notNull().default('requested'),
    subject: text('subject').notNull(),
    payload: jsonb('payload').notNull(),
    makerId: integer('maker_id'),
    checkerId: integer('checker_id'),
    branchId: integer('branch_id'),
    religionId: integer('religion_id'),
    reason: text('reason'),
    /** What the request is about, in words, for the requests tabs (e.g. the institution's title, the username). */
    title: text('title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('approval_requests_one_pending').on(t.type, t.subject).where(sql`${t.status} = 'requested'`),
    index('approval_requests_status').on(t.status, t.type),
    // Keyset pages of the requests tabs (ADR 062), newest first (read backwards): a tab is a type, its status optional; branch staff see their branch's.
    index('approval_requests_list').on(t.createdAt, t.id),
    index('approval_requests_type_list').on(t.type, t.createdAt, t.id),
    index('approval_requests_type_status_list').on(t.type, t.status, t.createdAt, t.id),
    index('approval_requests_branch_list').on(t.branchId, t.type, t.createdAt, t.id),
    index('approval_requests_branch_status_list').on(t.branchId, t.type, t.status, t.createdAt, t.id),
    check('approval_requests_type', sql`${t.type} in ('application','bank-account','bank-user','user-edit','sms-topup')`),
    check('approval_requests_status', sql`${t.status} in ('requested','approved','denied','rejected','not_approved')`),
  ],
);

/** Self-registration of a church or mosque, saved step by step until submitted. */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('unfinished'),
    /** Who is filling it in: the applicant's verified phone. One unfinished registration per applicant. */
    applicantPhone: text('applicant_phone').notNull(),
    step: integer('step').notNull().default(1),
    data: jsonb('data').notNull(),
    institutionId: integer('institution_id'),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** SHA-256 of the draft's bearer token; the applicant keeps the token, the server never stores it. */
    tokenHash: text('token_hash'),
    /** Lower-cased; one unfinished registration per applicant email as well as per phone. */
    applicantEmail: text('applicant_email'),
    /** The branch that holds the account (from the bank lookup): the branch staff who forward it. */
    branchId: integer('branch_id'),
    religionId: integer('religion_id'),
    /** The approval request made when branch staff forwarded the submitted registration. */
    requestId: integer('request_id'),
  },
  (t) => [
    uniqueIndex('registrations_one_unfinished').on(t.applicantPhone).where(sql`${t.status} = 'unfinished'`),
    uniqueIndex('registrations_one_unfinished_email').on(t.applicantEmail).where(sql`${t.status} = 'unfinished'`),
    uniqueIndex('registrations_token').on(t.tokenHash),
    // Keyset pages of the registration summary (ADR 062), newest first (read backwards), per scope (none, a religion, a branch) and per state.
    index('registrations_list').on(t.updatedAt, t.id),
    index('registrations_religion_list').on(t.religionId, t.updatedAt, t.id),
    index('registrations_religion_status_list').on(t.religionId, t.status, t.updatedAt, t.id),
    index('registrations_branch_list').on(t.branchId, t.updatedAt, t.id),
    index('registrations_branch_status_list').on(t.branchId, t.status, t.updatedAt, t.id),
    check('registrations_status', sql`${t.status} in ('unfinished','submitted','completed','rejected')`),
  ],
);

/**
 * The bank's core-banking accounts as the lookup provider sees them (the loopback stand-in for the
 * core system): registration and new-account requests only accept numbers found here.
 */
export const coreBankAccounts = pgTable(
  'core_bank_accounts',
  {
    accountNumber: text('account_number').primaryKey(),
    accountName: text('account_name').notNull(),
    branchCode: text('branch_code').notNull(),
    currency: text('currency').notNull().default('TZS'),
    status: text('status').notNull().default('active'),
  },
  (t) => [check('core_bank_accounts_status', sql`${t.status} in ('active','dormant','closed')`)],
);
