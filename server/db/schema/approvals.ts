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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('approval_requests_one_pending').on(t.type, t.subject).where(sql`${t.status} = 'requested'`),
    index('approval_requests_status').on(t.status, t.type),
    check('approval_requests_type', sql`${t.type} in ('application','bank-account','bank-user','user-edit')`),
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
  },
  (t) => [
    uniqueIndex('registrations_one_unfinished').on(t.applicantPhone).where(sql`${t.status} = 'unfinished'`),
    check('registrations_status', sql`${t.status} in ('unfinished','submitted','completed','rejected')`),
  ],
);
