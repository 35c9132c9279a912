import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityItem, ActivityQuery, SessionLogItem, SessionLogQuery } from '../../../domain/api/back-office-reports';
import type { AppContext } from '../../context';
import { activityLog, sessions } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
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

/** /activities: who did what, when (UTC) and from where, newest first. */
export async function searchActivities(ctx: AppContext, user: AuthUser, query: ActivityQuery): Promise<{ data: Array<z.infer<typeof ActivityItem>>; count: number }> {
  const db = ctx.database.db;
  const conditions: SQL[] = [actorScope(user, activityLog.userId), ...dayRange(activityLog.createdAt, query.from, query.to)];
  if (query.userId) conditions.push(eq(activityLog.userId, query.userId));
  if (query.action) conditions.push(ilike(activityLog.action, `${escapeLike(query.action)}%`));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(activityLog.details, like), ilike(activityLog.ipAddress, like), ilike(activityLog.entityId, like), ilike(users.name, like), ilike(users.username, like))!);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ entry: activityLog, userName: users.name })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .where(where)
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(activityLog).leftJoin(users, eq(users.id, activityLog.userId)).where(where);
  return {
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

/** /log_viewer: sign-in sessions as the session log (never the token, only its row). */
export async function sessionLog(ctx: AppContext, user: AuthUser, query: SessionLogQuery): Promise<{ data: Array<z.infer<typeof SessionLogItem>>; count: number }> {
  const db = ctx.database.db;
  const now = ctx.now();
  const conditions: SQL[] = [actorScope(user, sessions.userId)];
  if (query.userId) conditions.push(eq(sessions.userId, query.userId));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(sessions.ipAddress, like), ilike(sessions.browserAgent, like), ilike(users.name, like), ilike(users.username, like))!);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ session: sessions, userName: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(where)
    .orderBy(desc(sessions.lastSeenAt))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where);
  return {
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
