import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ActivityItem, ActivityQuery, SessionLogItem, SessionLogQuery } from '../../../domain/api/back-office-reports';
import type { AppContext } from '../../context';
import { activityLog, sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorId, cursorTime, cursorUuid, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { AuthUser } from '../auth/auth-user';
import { escapeLike } from '../shell/like';
import { userScope } from '../users/user-scope';
import { dayRange } from './date-range';

/**
 * Administrators read every log line; branch staff only those of the users they manage (their
 * branch's staff and its institutions' users).
 */
function actorScope(user: AuthUser, userIdColumn: typeof activityLog.userId | typeof sessions.userId): SQL {
  if (user.userType === 'bank' && user.roleKind === 'admin') return sql`true`;
  return sql`exists (select 1 from ${users} where ${users.id} = ${userIdColumn} and ${userScope(user)})`;
}

/** Newest first: the position is (created_at to the microsecond, id). */
const ActivityPosition = z.tuple([cursorTime, cursorId]);
/** Last access first: the position is (last_seen_at to the microsecond, the session's id). */
const SessionPosition = z.tuple([cursorTime, cursorUuid]);

/**
 * /activities: who did what, when (UTC) and from where, newest first. With `cursor` the page starts
 * after that position (keyset, ADR 062); `offset` still pages without it.
 */
export async function searchActivities(
  ctx: AppContext,
  user: AuthUser,
  query: ActivityQuery,
  t: Translate,
): Promise<{ data: Array<z.infer<typeof ActivityItem>>; count: number; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, ActivityPosition, t);
  const db = ctx.database.db;
  const conditions: SQL[] = [actorScope(user, activityLog.userId), ...dayRange(activityLog.createdAt, query.from, query.to)];
  if (query.userId) conditions.push(eq(activityLog.userId, query.userId));
  if (query.action) conditions.push(ilike(activityLog.action, `${escapeLike(query.action)}%`));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(activityLog.details, like), ilike(activityLog.ipAddress, like), ilike(activityLog.entityId, like), ilike(users.name, like), ilike(users.username, like))!);
  }
  const where = and(...conditions);
  const fetched = await db
    .select({ entry: activityLog, userName: users.name, position: microsecondText(activityLog.createdAt) })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .where(and(where, after ? afterPosition([activityLog.createdAt, activityLog.id], after, 'desc', ['timestamptz', 'integer']) : undefined))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(query.limit + 1)
    .offset(after ? 0 : query.offset);
  const [total] = await db.select({ n: count() }).from(activityLog).leftJoin(users, eq(users.id, activityLog.userId)).where(where);
  const { page: rows, nextCursor } = pageOf(fetched, query.limit, (row) => [row.position, row.entry.id]);
  return {
    nextCursor,
    data: rows.map(({ entry: e, userName }) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      userId: e.userId,
      userName,
      action: e.action,
      entityType: e.entityType,
      entityId: e.entityId,
      details: e.details,
      ipAddress: e.ipAddress,
      userAgent: e.userAgent,
    })),
    count: total?.n ?? 0,
  };
}

/**
 * /log_viewer: sign-in sessions as the session log (never the token, only its row), last access
 * first, the session's id breaking ties. With `cursor` the page starts after that position (keyset,
 * ADR 062); `offset` still pages without it.
 */
export async function sessionLog(
  ctx: AppContext,
  user: AuthUser,
  query: SessionLogQuery,
  t: Translate,
): Promise<{ data: Array<z.infer<typeof SessionLogItem>>; count: number; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, SessionPosition, t);
  const db = ctx.database.db;
  const now = ctx.now();
  const conditions: SQL[] = [actorScope(user, sessions.userId)];
  if (query.userId) conditions.push(eq(sessions.userId, query.userId));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(sessions.ipAddress, like), ilike(sessions.browserAgent, like), ilike(users.name, like), ilike(users.username, like))!);
  }
  const where = and(...conditions);
  const fetched = await db
    .select({ session: sessions, userName: users.name, position: microsecondText(sessions.lastSeenAt) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(where, after ? afterPosition([sessions.lastSeenAt, sessions.id], after, 'desc', ['timestamptz', 'uuid']) : undefined))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(query.limit + 1)
    .offset(after ? 0 : query.offset);
  const [total] = await db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where);
  const { page: rows, nextCursor } = pageOf(fetched, query.limit, (row) => [row.position, row.session.id]);
  return {
    nextCursor,
    data: rows.map(({ session: s, userName }) => ({
      sessionId: s.id,
      userId: s.userId,
      userName,
      ipAddress: s.ipAddress,
      deviceType: s.deviceType,
      version: s.appVersion,
      browserAgent: s.browserAgent,
      startedAt: s.createdAt.toISOString(),
      lastAccess: s.lastSeenAt.toISOString(),
      state: s.revokedAt ? 'revoked' : s.idleExpiresAt <= now || s.absoluteExpiresAt <= now ? 'expired' : 'active',
    })),
    count: total?.n ?? 0,
  };
}
