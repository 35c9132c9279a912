import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { MemberTransfer, TransferRequest } from '../../../domain/api/member-transfers';
import { toLocale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { memberTransfers } from '../../db/schema/member-transfers';
import { members } from '../../db/schema/members';
import { institutionLevels } from '../../db/schema/reference';
import { AppError, errors } from '../../lib/app-error';
import { isUniqueViolation } from '../approvals/db-errors';
import type { Caller } from '../approvals/decide-request';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { nextMemberCode } from '../desk/member-code';
import { auditChange } from '../reference/audit';
import { requireScopedMember } from './member-scope';
import { loadTransfer } from './member-transfer-list';

const DESTINATION_ROWS = 20;
const CODE_ATTEMPTS = 5;

const fail = (status: number, code: string, descriptor: (typeof messages)[keyof typeof messages], path?: string) =>
  new AppError(status, code, descriptor, undefined, path ? [{ path, descriptor }] : undefined);

/** Congregations of the religion, active, that hold members: the only places a member can go. */
const congregationOf = (religionId: number) =>
  and(eq(institutions.religionId, religionId), eq(institutions.status, 'active'), eq(institutionLevels.holdsMembers, true));

/** Destinations offered to the sending side: by title or code, any congregation of the member's religion but their own. */
export async function transferDestinations(db: Db, user: AuthUser, memberId: number, search: string) {
  const member = await requireScopedMember(db, user, memberId);
  const pattern = `${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: institutions.id, title: institutions.title, code: institutions.code })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(
      and(
        congregationOf(member.institution.religionId),
        ne(institutions.id, member.institutionId),
        sql`(lower(${institutions.title}) like ${pattern} or lower(${institutions.code}) like ${pattern})`,
      ),
    )
    .orderBy(asc(institutions.title), asc(institutions.id))
    .limit(DESTINATION_ROWS);
  return { data: rows };
}

/**
 * The sending side asks (members:update on the member's church, or a level above it). The receiving
 * side need not be in the caller's scope: that is why it must answer. One open request per member.
 */
export async function requestTransfer(ctx: AppContext, caller: Caller, memberId: number, input: TransferRequest): Promise<MemberTransfer> {
  const db = ctx.database.db;
  const member = await requireScopedMember(db, caller.user, memberId);
  if (input.toInstitutionId === member.institutionId) throw fail(422, 'transfer_self', messages.memberTransferSelf, 'toInstitutionId');
  const [destination] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(and(eq(institutions.id, input.toInstitutionId), congregationOf(member.institution.religionId)));
  if (!destination) throw fail(422, 'transfer_destination', messages.memberTransferReligion, 'toInstitutionId');
  if (await phoneTakenAt(db, destination.id, member.phone)) throw fail(409, 'transfer_phone_taken', messages.memberTransferPhoneTaken);
  let id: number;
  try {
    const [row] = await db
      .insert(memberTransfers)
      .values({
        memberId: member.id,
        fromInstitutionId: member.institutionId,
        toInstitutionId: destination.id,
        fromCode: member.code,
        note: input.note || null,
        requestedBy: caller.user.id,
        requestedAt: ctx.now(),
      })
      .returning({ id: memberTransfers.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, 'member_transfers_one_pending')) throw fail(409, 'transfer_pending', messages.memberTransferPending);
    throw error;
  }
  await auditChange(ctx, caller, 'member.transfer_requested', 'member', member.id, `transfer ${id} to institution ${destination.id}`);
  return (await loadTransfer(db, id))!;
}

async function phoneTakenAt(db: Db, institutionId: number, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.institutionId, institutionId), eq(members.phone, phone), isNull(members.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** A pending transfer whose `side` institution the caller's scope covers; 404 otherwise (as for members). */
async function requireTransferOnSide(db: Db, user: AuthUser, id: number, side: 'to' | 'from') {
  const column = side === 'to' ? memberTransfers.toInstitutionId : memberTransfers.fromInstitutionId;
  const [row] = await db
    .select({ transfer: memberTransfers, institution: { id: institutions.id, code: institutions.code } })
    .from(memberTransfers)
    .innerJoin(institutions, eq(institutions.id, column))
    .where(and(eq(memberTransfers.id, id), institutionScope(user)));
  if (!row) throw errors.notFound();
  if (row.transfer.status !== 'pending') throw fail(409, 'transfer_answered', messages.memberTransferNotPending);
  return row;
}

/**
 * The receiving side accepts: the member row moves (one person, one history, as Rock RMS moves a
 * person between campuses), takes the receiving institution's next member code and leaves their
 * zone (zones belong to an institution). Payments, receipts and pledges keep their own institution,
 * so the money given stays where it was given. All of it in one transaction, claimed by a
 * conditional update so two answers can never both apply.
 */
export async function acceptTransfer(ctx: AppContext, caller: Caller, id: number): Promise<MemberTransfer> {
  const db = ctx.database.db;
  const { transfer, institution } = await requireTransferOnSide(db, caller.user, id, 'to');
  if (transfer.requestedBy === caller.user.id) throw fail(403, 'transfer_own', messages.memberTransferOwn);
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(memberTransfers)
          .set({ status: 'accepted', answeredBy: caller.user.id, answeredAt: ctx.now() })
          .where(and(eq(memberTransfers.id, id), eq(memberTransfers.status, 'pending')))
          .returning({ id: memberTransfers.id });
        if (!claimed) throw fail(409, 'transfer_answered', messages.memberTransferNotPending);
        const code = await nextMemberCode(tx, institution);
        const moved = await tx
          .update(members)
          .set({ institutionId: institution.id, code, zoneId: null })
          .where(and(eq(members.id, transfer.memberId), eq(members.institutionId, transfer.fromInstitutionId), isNull(members.deletedAt)))
          .returning({ id: members.id });
        // Deleted or moved some other way since the request: nothing to move.
        if (moved.length === 0) throw fail(409, 'transfer_answered', messages.memberTransferNotPending);
        await tx.update(memberTransfers).set({ toCode: code }).where(eq(memberTransfers.id, id));
      });
      break;
    } catch (error) {
      if (isUniqueViolation(error, 'members_institution_phone')) throw fail(409, 'transfer_phone_taken', messages.memberTransferPhoneTaken);
      // A registration took the same next code meanwhile: ask again.
      if (isUniqueViolation(error, 'members_institution_code') && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
  await auditChange(ctx, caller, 'member.transfer_accepted', 'member', transfer.memberId, `transfer ${id}`);
  const done = (await loadTransfer(db, id))!;
  await tellMember(ctx, caller, transfer.memberId, done);
  return done;
}

/**
 * The member learns of the move by SMS in their own language, after the move committed (the SMS
 * engine uses its own connection). The receiving church or mosque welcomes them, so its wallet pays:
 * with no units left the message waits for a top-up, as every SMS of that institution does.
 */
async function tellMember(ctx: AppContext, caller: Caller, memberId: number, transfer: MemberTransfer): Promise<void> {
  const [member] = await ctx.database.db.select({ phone: members.phone, language: members.preferredLanguage }).from(members).where(eq(members.id, memberId));
  if (!member || !transfer.toCode) return;
  const message = ctx.translator.t(toLocale(member.language), messages.memberTransferredSms, { church: transfer.to.title, code: transfer.toCode });
  await ctx.sms.send({ to: member.phone, message, institutionId: transfer.to.id, purpose: 'member-transfer', createdBy: caller.user.id });
}

/** The receiving side refuses (with a reason the sending side reads); the member stays. */
export async function refuseTransfer(ctx: AppContext, caller: Caller, id: number, note: string | undefined): Promise<MemberTransfer> {
  const { transfer } = await requireTransferOnSide(ctx.database.db, caller.user, id, 'to');
  await answer(ctx, id, 'refused', caller, note);
  await auditChange(ctx, caller, 'member.transfer_refused', 'member', transfer.memberId, `transfer ${id}`);
  return (await loadTransfer(ctx.database.db, id))!;
}

/** The sending side withdraws its request before it is answered. */
export async function cancelTransfer(ctx: AppContext, caller: Caller, id: number): Promise<MemberTransfer> {
  const { transfer } = await requireTransferOnSide(ctx.database.db, caller.user, id, 'from');
  await answer(ctx, id, 'cancelled', caller);
  await auditChange(ctx, caller, 'member.transfer_cancelled', 'member', transfer.memberId, `transfer ${id}`);
  return (await loadTransfer(ctx.database.db, id))!;
}

async function answer(ctx: AppContext, id: number, status: 'refused' | 'cancelled', caller: Caller, note?: string) {
  const done = await ctx.database.db
    .update(memberTransfers)
    .set({ status, answeredBy: caller.user.id, answeredAt: ctx.now(), answerNote: note || null })
    .where(and(eq(memberTransfers.id, id), eq(memberTransfers.status, 'pending')))
    .returning({ id: memberTransfers.id });
  if (done.length === 0) throw fail(409, 'transfer_answered', messages.memberTransferNotPending);
}
