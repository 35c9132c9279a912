import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { members, pledges } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { lockedError } from '../auth/auth-errors';
import { findUserById } from '../auth/load-user';
import { accountGuard, claimAttempts, networkGuard } from '../auth/lockout';
import { consumeCode, issueCode, newSixDigitCode } from '../auth/one-time-codes';
import { verifyPassword } from '../auth/passwords';
import { auditChange } from '../reference/audit';
import { requireScopedMember } from './member-scope';

export const MEMBER_DELETE_CODE_TTL_MS = 10 * 60_000;
/** Bound to the one member: the purpose carries its id (and is part of the code's hash). */
const deletePurpose = (memberId: number) => `delete-member:${memberId}`;

const confirmNeeded = () => new AppError(400, 'confirmation_required', messages.memberConfirmNeeded);
const confirmWrong = () => new AppError(403, 'confirmation_wrong', messages.memberConfirmWrong);

/** Sends the actor (not the member) a 6-digit code that confirms deleting this one member. */
export async function sendMemberDeleteCode(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const member = await requireScopedMember(ctx.database.db, caller.user, id);
  const actor = await findUserById(ctx.database.db, caller.user.id);
  if (!actor?.phone) throw new AppError(422, 'no_phone', messages.boNoPhone);
  const code = newSixDigitCode();
  await issueCode(ctx.database.db, { userId: actor.id, purpose: deletePurpose(member.id), code, ttlMs: MEMBER_DELETE_CODE_TTL_MS, now: ctx.now(), subject: `member:${member.id}` });
  await ctx.sms.send({ to: actor.phone, message: caller.t(messages.memberSmsDeleteCode, { code }), institutionId: null, purpose: 'delete-confirmation', createdBy: actor.id });
  await auditChange(ctx, caller, 'member.delete_code_sent', 'member', member.id);
}

/**
 * Deletes a member after the actor proves it is them (spec §5): the code sent for this deletion
 * or their own password (a wrong one counts towards their lockout, as at sign-in). Without either
 * 400, with a wrong one 403, and nothing changes. The row is never erased: the ledger, receipts and
 * pledges keep pointing at it and so keep the name; it leaves the lists and the devices' caches
 * (deleted_at, which the cache sends as deleted). `archived` says it had a history to keep.
 */
export async function deleteMember(ctx: AppContext, caller: Caller, id: number, input: { password?: string | undefined; otp?: string | undefined }): Promise<'deleted' | 'archived'> {
  const db = ctx.database.db;
  if (!input.password && !input.otp) throw confirmNeeded();
  const member = await requireScopedMember(db, caller.user, id);
  const actor = await findUserById(db, caller.user.id);
  if (!actor) throw confirmWrong();
  if (input.otp) {
    const result = await consumeCode(db, { userId: actor.id, purpose: deletePurpose(member.id), code: input.otp, now: ctx.now() });
    if (result !== 'ok') {
      await auditChange(ctx, caller, 'member.delete_refused', 'member', member.id, 'otp');
      throw confirmWrong();
    }
  } else {
    const claim = await claimAttempts(db, [accountGuard(actor.id), networkGuard(caller.ip)], ctx.now());
    if (!claim.ok) throw lockedError(claim.lockedKey);
    if (!(await verifyPassword(actor.passwordHash, input.password ?? ''))) {
      await auditChange(ctx, caller, 'member.delete_refused', 'member', member.id, 'password');
      throw confirmWrong();
    }
    await claim.release();
  }
  const [history] = await db
    .select({
      given: sql<boolean>`exists (select 1 from ${transactions} where ${transactions.memberId} = ${member.id})`,
      pledged: sql<boolean>`exists (select 1 from ${pledges} where ${pledges.memberId} = ${member.id})`,
    })
    .from(sql`(select 1) as one`);
  const outcome = history?.given || history?.pledged ? 'archived' : 'deleted';
  await db.update(members).set({ deletedAt: ctx.now() }).where(eq(members.id, member.id));
  await auditChange(ctx, caller, `member.${outcome}`, 'member', member.id, input.otp ? 'confirmed by code' : 'confirmed by password');
  return outcome;
}
