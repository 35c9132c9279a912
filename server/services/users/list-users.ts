import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { UserItem, UserList, UserListQuery } from '../../../domain/api/back-office-users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { approvalRequests } from '../../db/schema/approvals';
import { institutions } from '../../db/schema/institutions';
import { bankBranches } from '../../db/schema/reference';
import { roleGroups, users } from '../../db/schema/users';
import type { AuthUser } from '../auth/auth-user';
import { escapeLike } from '../shell/like';
import { loadUserInScope, userScope } from './user-scope';

const pendingEdit = sql<number | null>`(select ${approvalRequests.id} from ${approvalRequests} where ${approvalRequests.status} = 'requested' and ${approvalRequests.subject} = 'user:' || ${users.id} limit 1)`;

function selectUsers(db: Db) {
  return db
    .select({ user: users, roleGroup: roleGroups.name, branchName: bankBranches.name, institution: institutions.title, pendingRequestId: pendingEdit })
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

/** /users: newest first, searchable by name, username, email or phone. */
export async function listUsers(ctx: AppContext, actor: AuthUser, query: UserListQuery): Promise<UserList> {
  const db = ctx.database.db;
  const conditions: SQL[] = [userScope(actor)];
  if (query.userType) conditions.push(eq(users.userType, query.userType));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(users.name, like), ilike(users.username, like), ilike(users.email, like), ilike(users.phone, like))!);
  }
  const where = and(...conditions);
  const rows = await selectUsers(db).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.limit).offset(query.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { data: rows.map(toUserItem), count: total?.n ?? 0 };
}

export async function getUserItem(ctx: AppContext, actor: AuthUser, id: number): Promise<UserItem> {
  await loadUserInScope(ctx.database.db, actor, id);
  const [row] = await selectUsers(ctx.database.db).where(eq(users.id, id));
  return toUserItem(row!);
}
