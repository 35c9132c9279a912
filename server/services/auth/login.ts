import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { LoginInput, LoginResult } from '../../../domain/api/auth';
import type { Locale } from '../../../domain/locale';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { logActivity } from './activity';
import { authErrors } from './auth-errors';
import { accountKey, clearAccountFailures, lockedKeys, networkKey, recordLoginFailure } from './lockout';
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

export async function findUserByLogin(ctx: AppContext, login: string): Promise<UserRow | null> {
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

  if ((await lockedKeys(db, [networkKey(client.ip)], now)).size > 0) {
    await audit('auth.login_refused', null, 'network_locked');
    throw authErrors.networkLocked();
  }
  const user = await findUserByLogin(ctx, input.username);
  if (user && (await lockedKeys(db, [accountKey(user.id)], now)).size > 0) {
    await audit('auth.login_refused', user.id, 'account_locked');
    throw authErrors.accountLocked();
  }

  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await dummyPasswordHash(), input.password), false);
  if (!user || !passwordOk) {
    await recordLoginFailure(db, { userId: user?.id ?? null, ip: client.ip, now });
    await audit('auth.login_failed', user?.id ?? null, 'invalid_credentials');
    throw authErrors.invalidCredentials();
  }
  // Only after the right password, so a disabled account is not revealed to someone guessing.
  if (user.status !== 'activated') {
    await audit('auth.login_refused', user.id, 'account_disabled');
    throw authErrors.accountDisabled();
  }
  if (user.totpEnabled && user.totpSecret) {
    if (!input.otp) throw authErrors.otpRequired();
    if (!(await consumeTotp(db, user.id, user.totpSecret, input.otp, now))) {
      await recordLoginFailure(db, { userId: user.id, ip: client.ip, now });
      await audit('auth.login_failed', user.id, 'otp_invalid');
      throw authErrors.otpInvalid();
    }
  }

  await clearAccountFailures(db, user.id);
  const session = await createSession(db, ctx.config, { userId: user.id, remember: input.remember === true, now, client });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  await logActivity(db, { userId: user.id, sessionId: session.sessionId, action: 'auth.login', ipAddress: client.ip, userAgent: client.userAgent, at: now });
  const profile = await buildProfile(db, user.id, locale);
  if (!profile) throw authErrors.invalidCredentials();
  return { token: session.token, profile };
}
