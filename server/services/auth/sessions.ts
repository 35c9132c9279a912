import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import type { AuthUser } from './auth-user';
import { deviceType } from './device';
import { toAuthUser } from './load-user';
import { newOpaqueToken, sha256 } from './tokens';

const MINUTE = 60_000;
/** lastSeenAt is written at most once a minute per session, so polling does not turn every read into a write. */
const TOUCH_EVERY_MS = MINUTE;

export type SessionClient = { ip: string; userAgent: string | undefined; appVersion: string | undefined };

function lifetimes(config: Config, remember: boolean): { idleMs: number; absoluteMs: number } {
  const s = config.session;
  return remember
    ? { idleMs: s.rememberIdleDays * 24 * 60 * MINUTE, absoluteMs: s.rememberAbsoluteDays * 24 * 60 * MINUTE }
    : { idleMs: s.idleMinutes * MINUTE, absoluteMs: s.absoluteHours * 60 * MINUTE };
}

/** A fresh session at every sign-in; only the token's hash is stored. */
export async function createSession(
  db: Db,
  config: Config,
  input: { userId: number; remember: boolean; now: Date; client: SessionClient },
): Promise<{ token: string; sessionId: string }> {
  const token = newOpaqueToken();
  const id = randomUUID();
  const { idleMs, absoluteMs } = lifetimes(config, input.remember);
  const absolute = new Date(input.now.getTime() + absoluteMs);
  await db.insert(sessions).values({
    id,
    tokenHash: sha256(token),
    userId: input.userId,
    remember: input.remember ? 1 : 0,
    createdAt: input.now,
    lastSeenAt: input.now,
    idleExpiresAt: new Date(Math.min(input.now.getTime() + idleMs, absolute.getTime())),
    absoluteExpiresAt: absolute,
    ipAddress: input.client.ip,
    deviceType: deviceType(input.client.userAgent),
    browserAgent: input.client.userAgent?.slice(0, 512) ?? null,
    appVersion: input.client.appVersion?.slice(0, 32) ?? null,
  });
  return { token, sessionId: id };
}

export type SessionLookup = { kind: 'ok'; user: AuthUser; sessionId: string } | { kind: 'unknown' } | { kind: 'expired' };

/** Resolves a bearer token to its user, sliding the idle expiry; expired, revoked or disabled → 'expired'. */
export async function resolveSession(db: Db, config: Config, token: string, now: Date): Promise<SessionLookup> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!row) return { kind: 'unknown' };
  const { session } = row;
  const t = now.getTime();
  if (session.revokedAt || t >= session.idleExpiresAt.getTime() || t >= session.absoluteExpiresAt.getTime()) return { kind: 'expired' };
  const user = await toAuthUser(db, row.user);
  if (!user) return { kind: 'expired' };
  if (t - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    const { idleMs } = lifetimes(config, session.remember === 1);
    const idle = new Date(Math.min(t + idleMs, session.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt: idle }).where(eq(sessions.id, session.id));
  }
  return { kind: 'ok', user, sessionId: session.id };
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** All of a user's live sessions, except optionally the one making the request. */
export async function revokeUserSessions(db: Db, userId: number, now: Date, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revokedAt: now }).where(and(...conditions));
}
