import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

/**
 * Users a bank user may see and manage: an administrator every bank user plus entity users of
 * institutions in the active religion; branch staff the bank users of their branch plus entity
 * users of their branch's institutions. Deleted users are gone from every list.
 */
export function userScope(user: AuthUser): SQL {
  if (user.userType !== 'bank') return sql`false`;
  const entityInScope = and(
    eq(users.userType, 'entity'),
    sql`exists (select 1 from ${institutions} where ${institutions.id} = ${users.institutionId} and ${institutionScope(user)})`,
  )!;
  const bankInScope = user.roleKind === 'branch' ? and(eq(users.userType, 'bank'), eq(users.branchId, user.branchId ?? -1))! : eq(users.userType, 'bank');
  return and(isNull(users.deletedAt), or(bankInScope, entityInScope))!;
}

export type UserRow = typeof users.$inferSelect;

/** One user the caller may manage, or 404 (a user outside the scope does not exist for them). */
export async function loadUserInScope(db: Db, actor: AuthUser, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), userScope(actor)));
  if (!row) throw errors.notFound();
  return row;
}
