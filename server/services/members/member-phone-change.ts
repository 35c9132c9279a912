import { and, eq, isNull, ne } from 'drizzle-orm';
import { toLocale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { members } from '../../db/schema/members';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../approvals/db-errors';
import type { Caller } from '../approvals/decide-request';
import { authErrors } from '../auth/auth-errors';
import { consumeCodeWithSubject, issueCode, newSixDigitCode } from '../auth/one-time-codes';
import { auditChange } from '../reference/audit';
import { requireScopedMember, type ScopedMember } from './member-scope';

export const MEMBER_PHONE_CODE_TTL_MS = 10 * 60_000;

/**
 * The code is issued to the actor who started the change (their user id is part of its hash) and
 * bound to this one member by the purpose; the new phone is the code row's subject, so the number
 * that changes is the one that received the code, whatever the confirming request says.
 */
const phonePurpose = (memberId: number) => `member-phone:${memberId}`;

const phoneSame = () => new AppError(422, 'phone_same', messages.memberPhoneSame, undefined, [{ path: 'phone', descriptor: messages.memberPhoneSame }]);
const phoneTaken = () => new AppError(409, 'phone_taken', messages.memberPhoneTakenHere, undefined, [{ path: 'phone', descriptor: messages.memberPhoneTakenHere }]);

async function phoneTakenByAnother(ctx: AppContext, member: ScopedMember, phone: string): Promise<boolean> {
  const [other] = await ctx.database.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.institutionId, member.institutionId), eq(members.phone, phone), isNull(members.deletedAt), ne(members.id, member.id)))
    .limit(1);
  return Boolean(other);
}

/** Step 1: sends a 6-digit code to the NEW number (in the member's language); nothing changes yet. */
export async function startPhoneChange(ctx: AppContext, caller: Caller, id: number, phone: string): Promise<{ expiresAt: string }> {
  const member = await requireScopedMember(ctx.database.db, caller.user, id);
  if (member.phone === phone) throw phoneSame();
  if (await phoneTakenByAnother(ctx, member, phone)) throw phoneTaken();
  const code = newSixDigitCode();
  const now = ctx.now();
  await issueCode(ctx.database.db, { userId: caller.user.id, purpose: phonePurpose(member.id), code, ttlMs: MEMBER_PHONE_CODE_TTL_MS, now, subject: phone });
  const message = ctx.translator.t(toLocale(member.preferredLanguage), messages.memberPhoneCodeSms, { church: member.institution.title, code });
  // A security code is not held back by an empty SMS wallet: institutionId null, as for deletion codes.
  await ctx.sms.send({ to: phone, message, institutionId: null, purpose: 'phone-change-code', createdBy: caller.user.id });
  await auditChange(ctx, caller, 'member.phone_code_sent', 'member', member.id);
  return { expiresAt: new Date(now.getTime() + MEMBER_PHONE_CODE_TTL_MS).toISOString() };
}

/**
 * Step 2: the code read back from the new phone applies the change. Wrong, spent or expired codes
 * answer code_invalid, and after 5 wrong tries code_locked (the attempt is claimed before the
 * comparison, in consumeCode); the old number then gets a notice that it is no longer the member's.
 */
export async function confirmPhoneChange(ctx: AppContext, caller: Caller, id: number, code: string): Promise<void> {
  const db = ctx.database.db;
  const member = await requireScopedMember(db, caller.user, id);
  const { result, subject: phone } = await consumeCodeWithSubject(db, { userId: caller.user.id, purpose: phonePurpose(member.id), code, now: ctx.now() });
  if (result !== 'ok' || !phone) {
    await auditChange(ctx, caller, 'member.phone_change_refused', 'member', member.id, result);
    throw result === 'locked' ? authErrors.codeLocked() : authErrors.codeInvalid();
  }
  try {
    await db.update(members).set({ phone }).where(eq(members.id, member.id));
  } catch (error) {
    // Another member took the number between the code and its confirmation.
    if (isUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
  await auditChange(ctx, caller, 'member.phone_changed', 'member', member.id);
  const notice = ctx.translator.t(toLocale(member.preferredLanguage), messages.memberPhoneChangedSms, { church: member.institution.title, phone });
  await ctx.sms.send({ to: member.phone, message: notice, institutionId: null, purpose: 'phone-change-notice', createdBy: caller.user.id });
}
