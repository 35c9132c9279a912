import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { logActivity } from './activity';
import { authErrors } from './auth-errors';
import { claimAttempts, clearAccountFailures, networkGuard } from './lockout';
import { findUserById } from './load-user';
import { countLinkFailure, findLink, spendLink } from './one-time-codes';
import { hashPassword } from './passwords';
import { RESET_LINK } from './password-reset';
import { revokeUserSessions } from './sessions';
import { consumeTotp } from './totp';

export async function resetStatus(ctx: AppContext, resetId: string): Promise<{ valid: true; needsOtp: boolean }> {
  const link = await findLink(ctx.database.db, RESET_LINK.purpose, resetId, ctx.now());
  if (!link) throw authErrors.resetInvalid();
  const user = await findUserById(ctx.database.db, link.userId);
  if (!user || user.status !== 'activated') throw authErrors.resetInvalid();
  return { valid: true, needsOtp: user.totpEnabled };
}

/**
 * Sets the new password through a reset link. It never bypasses 2FA; success signs out every
 * session and lifts the account's lockout (the person has proven control of phone or mail).
 */
export async function completeReset(ctx: AppContext, resetId: string, input: { password: string; otp?: string | undefined }, ip: string): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.now();
  const link = await findLink(db, RESET_LINK.purpose, resetId, now);
  if (!link) throw authErrors.resetInvalid();
  const user = await findUserById(db, link.userId);
  if (!user || user.status !== 'activated') throw authErrors.resetInvalid();
  if (user.totpEnabled && user.totpSecret) {
    if (!input.otp) throw authErrors.otpMissing();
    const claim = await claimAttempts(db, [networkGuard(ip)], now);
    if (!claim.ok) throw authErrors.networkLocked();
    if (!(await consumeTotp(db, user.id, user.totpSecret, input.otp, now))) {
      await countLinkFailure(db, link.id);
      throw authErrors.otpRejected();
    }
    await claim.release();
  }
  if (!(await spendLink(db, link.id, now))) throw authErrors.resetInvalid();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), forceChangePassword: false, passwordChangedAt: now })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, now);
  await clearAccountFailures(db, user.id);
  await logActivity(db, { userId: user.id, action: 'auth.password_reset', ipAddress: ip, at: now });
}
