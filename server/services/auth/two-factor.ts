import { eq } from 'drizzle-orm';
import { toDataURL } from 'qrcode';
import type { TwoFactorSetup } from '../../../domain/api/auth';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import { logActivity } from './activity';
import { authErrors } from './auth-errors';
import type { RequestAuth } from './auth-user';
import { findUserById } from './load-user';
import { verifyPassword } from './passwords';
import { consumeTotp, newTotpSecret, totpUri } from './totp';

/** Starts enrolment: the secret stays pending until the person proves their app has it. */
export async function setupTwoFactor(ctx: AppContext, auth: RequestAuth): Promise<TwoFactorSetup> {
  const db = ctx.database.db;
  const user = await findUserById(db, auth.user.id);
  if (!user) throw errors.unauthenticated();
  if (user.totpEnabled) throw authErrors.twoFactorAlreadyOn();
  const secret = newTotpSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  const otpauthUrl = totpUri(secret, user.username);
  return { secret, otpauthUrl, qrDataUrl: await toDataURL(otpauthUrl) };
}

export async function enableTwoFactor(ctx: AppContext, auth: RequestAuth, otp: string, ip: string): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.now();
  const user = await findUserById(db, auth.user.id);
  if (!user) throw errors.unauthenticated();
  if (user.totpEnabled) throw authErrors.twoFactorAlreadyOn();
  if (!user.totpPendingSecret) throw authErrors.twoFactorNotPending();
  if (!(await consumeTotp(db, user.id, user.totpPendingSecret, otp, now))) throw authErrors.otpRejected();
  await db.update(users).set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabled: true }).where(eq(users.id, user.id));
  await logActivity(db, { userId: user.id, sessionId: auth.sessionId, action: 'auth.2fa_enabled', ipAddress: ip, at: now });
}

/** Turning 2FA off needs both factors, so a borrowed unlocked session cannot do it alone. */
export async function disableTwoFactor(ctx: AppContext, auth: RequestAuth, input: { password: string; otp: string }, ip: string): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.now();
  const user = await findUserById(db, auth.user.id);
  if (!user) throw errors.unauthenticated();
  if (!user.totpEnabled || !user.totpSecret) throw authErrors.twoFactorNotPending();
  if (!(await verifyPassword(user.passwordHash, input.password))) throw authErrors.wrongCurrentPassword();
  if (!(await consumeTotp(db, user.id, user.totpSecret, input.otp, now))) throw authErrors.otpRejected();
  await db.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabled: false, totpLastStep: null }).where(eq(users.id, user.id));
  await logActivity(db, { userId: user.id, sessionId: auth.sessionId, action: 'auth.2fa_disabled', ipAddress: ip, at: now });
}
