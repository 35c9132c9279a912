import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { UserItem, UserList, UserListQuery } from '../../../domain/api/back-office-users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { approvalRequests } from '../../db/schema/approvals';
import { institutions } from '../../db/schema/institutions';
import { bankBranches } from '../../db/schema/reference';
import { roleGroups, users } from '../../db/schema/users';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorId, cursorTime, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { AuthUser } from '../auth/auth-user';
import { escapeLike } from '../shell/like';
import { loadUserInScope, userScope } from './user-scope';

const pendingEdit = sql<number | null>`(select ${approvalRequests.id} from ${approvalRequests} where ${approvalRequests.status} = 'requested' and ${approvalRequests.subject} = 'user:' || ${users.id} limit 1)`;

function selectUsers<Extra extends Record<string, SQL> = Record<never, SQL>>(db: Db, extra: Extra = {} as Extra) {
  return db
    .select({ user: users, roleGroup: roleGroups.name, branchName: bankBranches.name, institution: institutions.title, pendingRequestId: pendingEdit, ...extra })
    .from(users)
    .innerJoin(roleGroups, eq(roleGroups.id, users.roleGroupId))
    .leftJoin(bankBranches, eq(bankBranches.id, users.branchId))
    .leftJoin(institutions, eq(institutions.id, users.institutionId));
}
type Selected = Awaited<ReturnType<ReturnType<typeof selectUsers>['where']>>[number];

export function toUserItem(row: Selected): UserItem {
  const u = row.user;
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    email: u.email,
    phone: u.phone,
    userType: u.userType === 'bank' ? 'bank' : 'entity',
    roleGroupId: u.roleGroupId,
    roleGroup: row.roleGroup,
    branchId: u.branchId,
    branchName: row.branchName,
    institutionId: u.institutionId,
    institution: row.institution,
    status: u.status === 'disabled' ? 'disabled' : 'activated',
    twoFactorEnabled: u.totpEnabled,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    pendingRequestId: row.pendingRequestId === null ? null : Number(row.pendingRequestId),
  };
}

/** Newest first: the position is (created_at to the microsecond, id). */
const Position = z.tuple([cursorTime, cursorId]);

/**
 * /users: newest first, searchable by name, username, email or phone. With `cursor` the page
 * starts after that position (keyset, ADR 062); `offset` still pages without it.
 */
export async function listUsers(ctx: AppContext, actor: AuthUser, query: UserListQuery, t: Translate): Promise<UserList> {
  const db = ctx.database.db;
  const after = decodeCursor(query.cursor, Position, t);
  const conditions: SQL[] = [userScope(actor)];
  if (query.userType) conditions.push(eq(users.userType, query.userType));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(users.name, like), ilike(users.username, like), ilike(users.email, like), ilike(users.phone, like))!);
  }
  const where = and(...conditions);
  const fetched = await selectUsers(db, { position: microsecondText(users.createdAt) })
    .where(and(where, after ? afterPosition([users.createdAt, users.id], after, 'desc', ['timestamptz', 'integer']) : undefined))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1)
    .offset(after ? 0 : query.offset);
  const { page, nextCursor } = pageOf(fetched, query.limit, (row) => [row.position, row.user.id]);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { data: page.map(toUserItem), count: total?.n ?? 0, nextCursor };
}

export async function getUserItem(ctx: AppContext, actor: AuthUser, id: number): Promise<UserItem> {
  await loadUserInScope(ctx.database.db, actor, id);
  const [row] = await selectUsers(ctx.database.db).where(eq(users.id, id));
  return toUserItem(row!);
}
