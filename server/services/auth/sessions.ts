import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { InvalidatedCache } from '../../lib/invalidated-cache';
import { sessions } from '../../db/schema/auth';
import { institutions } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import type { AuthUser } from './auth-user';
import { deviceType } from './device';
import { authUserOf, grantsOf } from './load-user';
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

/**
 * The session, its user, the user's institution and level, and the role group's grants, in one
 * query: every authenticated request pays one round trip, not four. Prepared once per database
 * (a named statement on PostgreSQL), so drizzle does not rebuild it on every request either.
 * The auth plugin keeps the rows of live sessions in memory (server/caches.ts, ADR 063).
 */
function sessionQuery(db: Db) {
  const grants = sql<Array<{ feature: string; actions: string[] }>>`coalesce((select json_agg(json_build_object('feature', f.feature, 'actions', f.actions)) from role_group_features f where f.role_group_id = ${users.roleGroupId}), '[]'::json)`;
  return db
    .select({
      sessionId: sessions.id,
      remember: sessions.remember,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      user: {
        id: users.id,
        username: users.username,
        name: users.name,
        userType: users.userType,
        branchId: users.branchId,
        institutionId: users.institutionId,
        activeReligionId: users.activeReligionId,
        status: users.status,
        deletedAt: users.deletedAt,
        forceChangePassword: users.forceChangePassword,
        totpEnabled: users.totpEnabled,
      },
      path: institutions.path,
      religionId: institutions.religionId,
      timeZone: institutions.timeZone,
      levelCode: institutionLevels.code,
      levelRank: institutionLevels.rank,
      holdsMembers: institutionLevels.holdsMembers,
      grants,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(institutions, eq(institutions.id, users.institutionId))
    .leftJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('resolve_session');
}

const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/** What the one query answers for a token: the session, its user, institution and grants. */
export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['execute']>>[number];

async function loadSessionRow(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ tokenHash });
  return row;
}

function evaluate(row: SessionRow, t: number): SessionLookup {
  if (row.revokedAt || t >= row.idleExpiresAt.getTime() || t >= row.absoluteExpiresAt.getTime()) return { kind: 'expired' };
  const institution =
    row.path !== null && row.religionId !== null && row.timeZone !== null && row.levelCode !== null && row.levelRank !== null && row.holdsMembers !== null
      ? { path: row.path, religionId: row.religionId, timeZone: row.timeZone, levelCode: row.levelCode, levelRank: row.levelRank, holdsMembers: row.holdsMembers }
      : null;
  const user = authUserOf(row.user, institution, grantsOf(row.grants));
  return user ? { kind: 'ok', user, sessionId: row.sessionId } : { kind: 'expired' };
}

/**
 * Resolves a bearer token to its user, sliding the idle expiry; expired, revoked or disabled → 'expired'.
 * With `cache`, a live session's row is served from memory (ADR 063); anything but a live session
 * is read from the database again, because a cached idle expiry may be older than another
 * replica's slide of it.
 */
export async function resolveSession(
  db: Db,
  config: Config,
  token: string,
  now: Date,
  cache?: InvalidatedCache<string, SessionRow>,
): Promise<SessionLookup> {
  const tokenHash = sha256(token);
  const t = now.getTime();
  let row = cache?.get(tokenHash);
  let lookup = row ? evaluate(row, t) : null;
  if (!row || lookup?.kind !== 'ok') {
    if (row) cache?.forget(tokenHash);
    row = cache ? await cache.read(tokenHash, () => loadSessionRow(db, tokenHash), (r) => evaluate(r, t).kind === 'ok') : await loadSessionRow(db, tokenHash);
    if (!row) return { kind: 'unknown' };
    lookup = evaluate(row, t);
  }
  if (lookup.kind !== 'ok') return lookup;
  if (t - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    const { idleMs } = lifetimes(config, row.remember === 1);
    const idle = new Date(Math.min(t + idleMs, row.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ lastSeenAt: now, idleExpiresAt: idle }).where(eq(sessions.id, row.sessionId));
    cache?.replace(tokenHash, { ...row, lastSeenAt: now, idleExpiresAt: idle });
  }
  return lookup;
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
