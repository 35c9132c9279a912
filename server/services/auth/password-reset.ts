import type { ResetRequestInput } from '../../../domain/api/auth';
import type { Locale } from '../../../domain/locale';
import type { AppContext } from '../../context';
import { authErrors } from './auth-errors';
import { claimAttempts, lockedKeys, networkGuard, networkKey } from './lockout';
import { findUserByLogin } from './login';
import { consumeCode, issueCode } from './one-time-codes';
import { PASSWORD_RESET_QUEUE, type PasswordResetJob, RESET_LINK, RESET_SMS } from './password-reset-delivery';
import { newOpaqueToken } from './tokens';

export { RESET_LINK, RESET_SMS };

async function refuseLockedNetwork(ctx: AppContext, ip: string): Promise<void> {
  if ((await lockedKeys(ctx.database.db, [networkKey(ip)], ctx.now())).size > 0) throw authErrors.networkLocked();
}

/**
 * Queues the SMS code or mail link; the look-up happens in the job. The caller gets the same
 * answer after the same work whether or not the account exists, so the form cannot be used to
 * discover accounts (neither by the answer nor by its timing).
 */
export async function requestReset(ctx: AppContext, input: ResetRequestInput, caller: { ip: string; locale: Locale }): Promise<void> {
  await refuseLockedNetwork(ctx, caller.ip);
  await ctx.jobs.send<PasswordResetJob>(PASSWORD_RESET_QUEUE, { username: input.username, channel: input.channel, locale: caller.locale, ip: caller.ip });
}

/**
 * Trades a correct SMS code for a short-lived reset id; wrong codes also count against the address.
 * Every wrong or spent code answers `code_invalid`, for real and unknown accounts alike: a distinct
 * "locked" answer would only ever reach real accounts and so reveal them.
 */
export async function verifyResetCode(ctx: AppContext, input: { username: string; code: string }, ip: string): Promise<{ resetId: string }> {
  const db = ctx.database.db;
  const now = ctx.now();
  const claim = await claimAttempts(db, [networkGuard(ip)], now);
  if (!claim.ok) throw authErrors.networkLocked();
  const user = await findUserByLogin(ctx, input.username);
  const result = user && user.status === 'activated' ? await consumeCode(db, { userId: user.id, purpose: RESET_SMS.purpose, code: input.code, now }) : 'invalid';
  if (result !== 'ok' || !user) throw authErrors.codeInvalid();
  await claim.release();
  const resetId = newOpaqueToken();
  await issueCode(db, { userId: user.id, purpose: RESET_LINK.purpose, code: resetId, ttlMs: RESET_LINK.codeTtlMs, now, hashed: 'plain' });
  return { resetId };
}
