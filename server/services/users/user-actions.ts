import { and, eq } from 'drizzle-orm';
import type { ActorPasswordInput, DeleteUserInput } from '../../../domain/api/back-office-users';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { approvalRequests } from '../../db/schema/approvals';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import { authErrors, lockedError } from '../auth/auth-errors';
import { accountGuard, claimAttempts, networkGuard } from '../auth/lockout';
import { findUserById } from '../auth/load-user';
import { consumeCode, issueCode, newSixDigitCode } from '../auth/one-time-codes';
import { verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import type { Caller } from '../approvals/decide-request';
import { loadUserInScope, type UserRow } from './user-scope';

export const DELETE_CODE = { ttlMs: 10 * 60_000 } as const;
/** The code is bound to the one user being deleted: the purpose carries the target's id (and is in the hash). */
const deletePurpose = (targetId: number) => `delete-user:${targetId}`;

async function target(ctx: AppContext, caller: Caller, id: number): Promise<UserRow> {
  if (id === caller.user.id) throw new AppError(422, 'not_yourself', messages.boNotYourself);
  return loadUserInScope(ctx.database.db, caller.user, id);
}

function audit(ctx: AppContext, caller: Caller, action: string, userId: number, details?: string) {
  return logActivity(ctx.database.db, {
    userId: caller.user.id,
    sessionId: caller.sessionId,
    action,
    entityType: 'user',
    entityId: String(userId),
    details: details ?? null,
    ipAddress: caller.ip,
    userAgent: caller.userAgent,
    at: ctx.now(),
  });
}

/**
 * The actor proves it is them with their own password (ADR 015): a hijacked or unattended admin
 * session alone cannot take access away from others. A wrong password counts towards the actor's
 * lockout, claimed before the check, as at sign-in.
 */
async function confirmActorPassword(ctx: AppContext, caller: Caller, password: string, refused: { action: string; targetId: number }): Promise<void> {
  const db = ctx.database.db;
  const actor = await findUserById(db, caller.user.id);
  if (!actor) throw authErrors.invalidCredentials();
  const claim = await claimAttempts(db, [accountGuard(actor.id), networkGuard(caller.ip)], ctx.now());
  if (!claim.ok) throw lockedError(claim.lockedKey);
  if (!(await verifyPassword(actor.passwordHash, password))) {
    await audit(ctx, caller, refused.action, refused.targetId, 'password');
    throw authErrors.wrongCurrentPassword();
  }
  await claim.release();
}

export async function enableUser(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const user = await target(ctx, caller, id);
  await ctx.database.db.update(users).set({ status: 'activated' }).where(eq(users.id, user.id));
  await audit(ctx, caller, 'user.enabled', user.id);
}

/** Disables a user after the actor's password; every session they have is revoked at once. */
export async function disableUser(ctx: AppContext, caller: Caller, id: number, input: ActorPasswordInput): Promise<void> {
  const user = await target(ctx, caller, id);
  await confirmActorPassword(ctx, caller, input.password, { action: 'user.disable_refused', targetId: user.id });
  await ctx.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
  await revokeUserSessions(ctx.database.db, user.id, ctx.now());
  await audit(ctx, caller, 'user.disabled', user.id);
}

/** Turns two-factor off (a lost phone) after the actor's password; the user sets it up again from their profile. */
export async function resetTwoFactor(ctx: AppContext, caller: Caller, id: number, input: ActorPasswordInput): Promise<void> {
  const user = await target(ctx, caller, id);
  await confirmActorPassword(ctx, caller, input.password, { action: 'user.2fa_reset_refused', targetId: user.id });
  await ctx.database.db.update(users).set({ totpEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(users.id, user.id));
  await revokeUserSessions(ctx.database.db, user.id, ctx.now());
  await audit(ctx, caller, 'user.2fa_reset', user.id);
}

/** Sends the actor (not the target) a 6-digit code that confirms this one deletion. */
export async function sendDeleteCode(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const user = await target(ctx, caller, id);
  const actor = await findUserById(ctx.database.db, caller.user.id);
  if (!actor?.phone) throw new AppError(422, 'no_phone', messages.boNoPhone);
  const code = newSixDigitCode();
  await issueCode(ctx.database.db, { userId: actor.id, purpose: deletePurpose(user.id), code, ttlMs: DELETE_CODE.ttlMs, now: ctx.now(), subject: `user:${user.id}` });
  await ctx.sms.send({ to: actor.phone, message: caller.t(messages.boSmsDeleteCode, { code }), institutionId: null, purpose: 'delete-confirmation', createdBy: actor.id });
  await audit(ctx, caller, 'user.delete_code_sent', user.id);
}

/**
 * Deletes a user after the actor proves it is them: the code sent for this deletion, or their own
 * password (a wrong password counts towards their lockout, as at sign-in). The row is kept (history
 * names it) but can never sign in again; its pending edit requests end `not_approved`.
 */
export async function deleteUser(ctx: AppContext, caller: Caller, id: number, input: DeleteUserInput): Promise<void> {
  const user = await target(ctx, caller, id);
  const db = ctx.database.db;
  const now = ctx.now();
  const actor = await findUserById(db, caller.user.id);
  if (!actor) throw authErrors.invalidCredentials();
  if (input.otp !== undefined) {
    const result = await consumeCode(db, { userId: actor.id, purpose: deletePurpose(user.id), code: input.otp, now });
    if (result !== 'ok') {
      await audit(ctx, caller, 'user.delete_refused', user.id, 'otp');
      throw result === 'locked' ? authErrors.codeLocked() : authErrors.codeInvalid();
    }
  } else {
    await confirmActorPassword(ctx, caller, input.password ?? '', { action: 'user.delete_refused', targetId: user.id });
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: now, status: 'disabled' }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await tx
      .update(approvalRequests)
      .set({ status: 'not_approved', resolvedAt: now, reason: 'user deleted' })
      .where(and(eq(approvalRequests.status, 'requested'), eq(approvalRequests.subject, `user:${user.id}`)));
  });
  await audit(ctx, caller, 'user.deleted', user.id, input.otp !== undefined ? 'confirmed by code' : 'confirmed by password');
}
