import { eq } from 'drizzle-orm';
import type { ChangePasswordInput } from '../../../domain/api/auth';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import { logActivity } from './activity';
import { authErrors, lockedError } from './auth-errors';
import type { RequestAuth } from './auth-user';
import { accountGuard, claimAttempts, networkGuard } from './lockout';
import { findUserById } from './load-user';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';

/**
 * Changes the caller's password. A wrong current password counts towards the lockout (a stolen
 * session must not become a password-guessing oracle); other sessions are signed out.
 */
export async function changePassword(ctx: AppContext, auth: RequestAuth, input: ChangePasswordInput, ip: string): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.now();
  const user = await findUserById(db, auth.user.id);
  if (!user) throw errors.unauthenticated();
  const claim = await claimAttempts(db, [accountGuard(user.id), networkGuard(ip)], now);
  if (!claim.ok) throw lockedError(claim.lockedKey);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw authErrors.wrongCurrentPassword();
  await claim.release();
  if (input.newPassword === input.currentPassword || (await verifyPassword(user.passwordHash, input.newPassword))) {
    throw authErrors.samePassword();
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), forceChangePassword: false, passwordChangedAt: now })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, now, auth.sessionId);
  await logActivity(db, { userId: user.id, sessionId: auth.sessionId, action: 'auth.password_changed', ipAddress: ip, at: now });
}
