import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { LoginInput, LoginResult } from '../../../domain/api/auth';
import type { Locale } from '../../../domain/locale';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { logActivity } from './activity';
import { authErrors, lockedError } from './auth-errors';
import { accountGuard, claimAttempts, clearAccountFailures, networkGuard } from './lockout';
import type { UserRow } from './load-user';
import { hashPassword, verifyPassword } from './passwords';
import { buildProfile } from './profile';
import { createSession, type SessionClient } from './sessions';
import { consumeTotp } from './totp';

let dummyHash: Promise<string> | null = null;
/** Unknown usernames still pay for one argon2 verification, so timing does not reveal which accounts exist. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

export async function findUserByLogin(ctx: Pick<AppContext, 'database'>, login: string): Promise<UserRow | null> {
  const name = login.trim().toLowerCase();
  const [row] = await ctx.database.db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), or(sql`lower(${users.username}) = ${name}`, sql`lower(${users.email}) = ${name}`)))
    .orderBy(users.id)
    .limit(1);
  return row ?? null;
}

export async function login(ctx: AppContext, input: LoginInput, client: SessionClient, locale: Locale): Promise<LoginResult> {
  const db = ctx.database.db;
  const now = ctx.now();
  const audit = (action: string, userId: number | null, details: string | null) =>
    logActivity(db, { userId, action, details, entityType: 'user', entityId: userId === null ? null : String(userId), ipAddress: client.ip, userAgent: client.userAgent, at: now });

  const user = await findUserByLogin(ctx, input.username);
  // The attempt is counted before the password is checked, so parallel guesses cannot outrun the limit.
  const claim = await claimAttempts(db, user ? [networkGuard(client.ip), accountGuard(user.id)] : [networkGuard(client.ip)], now);
  if (!claim.ok) {
    const error = lockedError(claim.lockedKey);
    await audit('auth.login_refused', error.code === 'network_locked' ? null : (user?.id ?? null), error.code);
    throw error;
  }

  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await dummyPasswordHash(), input.password), false);
  if (!user || !passwordOk) {
    await audit('auth.login_failed', user?.id ?? null, 'invalid_credentials');
    throw authErrors.invalidCredentials();
  }
  // Only after the right password, so a disabled account is not revealed to someone guessing.
  if (user.status !== 'activated') {
    await claim.release();
    await audit('auth.login_refused', user.id, 'account_disabled');
    throw authErrors.accountDisabled();
  }
  if (user.totpEnabled && user.totpSecret) {
    if (!input.otp) {
      await claim.release();
      throw authErrors.otpRequired();
    }
    if (!(await consumeTotp(db, user.id, user.totpSecret, input.otp, now))) {
      await audit('auth.login_failed', user.id, 'otp_invalid');
      throw authErrors.otpInvalid();
    }
  }

  await claim.release();
  await clearAccountFailures(db, user.id);
  const session = await createSession(db, ctx.config, { userId: user.id, remember: input.remember === true, now, client });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  await logActivity(db, { userId: user.id, sessionId: session.sessionId, action: 'auth.login', ipAddress: client.ip, userAgent: client.userAgent, at: now });
  const profile = await buildProfile(db, user.id, locale);
  if (!profile) throw authErrors.invalidCredentials();
  return { token: session.token, profile };
}
