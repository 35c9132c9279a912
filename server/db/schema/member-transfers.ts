import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { institutions } from './institutions';
import { members } from './members';

/**
 * A member's move to another church or mosque of the same religion (ADR 054): requested by the
 * sending side, answered by the receiving side. The row is also the member's code history: the
 * code they had (`fromCode`) and the one the receiving institution gave them (`toCode`).
 */
export const memberTransfers = pgTable(
  'member_transfers',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull().references(() => members.id),
    fromInstitutionId: integer('from_institution_id').notNull().references(() => institutions.id),
    toInstitutionId: integer('to_institution_id').notNull().references(() => institutions.id),
    fromCode: text('from_code').notNull(),
    toCode: text('to_code'),
    status: text('status').notNull().default('pending'),
    note: text('note'),
    /** Why the receiving side refused (shown to the sending side). */
    answerNote: text('answer_note'),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    answeredBy: integer('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    // One open request per member: a second is refused, and accepting can never run twice.
    uniqueIndex('member_transfers_one_pending').on(t.memberId).where(sql`${t.status} = 'pending'`),
    // The receiving and the sending lists: newest first, keyset on id.
    index('member_transfers_to_status').on(t.toInstitutionId, t.status, t.id),
    index('member_transfers_from_status').on(t.fromInstitutionId, t.status, t.id),
    index('member_transfers_member').on(t.memberId, t.id),
    // The scope-wide member cache's removals: accepted transfers by sending institution, newest per member.
    index('member_transfers_accepted_from').on(t.fromInstitutionId, t.memberId, t.id).where(sql`${t.status} = 'accepted'`),
    check('member_transfers_status', sql`${t.status} in ('pending','accepted','refused','cancelled')`),
    check('member_transfers_elsewhere', sql`${t.fromInstitutionId} <> ${t.toInstitutionId}`),
  ],
);
