import { eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { approvalRequests } from '../../db/schema/approvals';
import type { AuthUser } from '../auth/auth-user';

/**
 * Which requests a user sees and may check: branch staff those of their branch; bank
 * administrators those of their active religion plus those that belong to no religion (bank users
 * and their edits), or everything until a religion is chosen; entity users none. The requests
 * tabs, their counts and the menu badge (getTotalPendingRegistration) all use this one condition.
 */
export function requestScope(user: AuthUser): SQL {
  if (user.userType !== 'bank') return sql`false`;
  if (user.roleKind === 'branch') return user.branchId === null ? sql`false` : eq(approvalRequests.branchId, user.branchId);
  if (user.religionId === null) return sql`true`;
  return or(isNull(approvalRequests.religionId), eq(approvalRequests.religionId, user.religionId))!;
}

/** The same rule for one row already loaded. */
export function inRequestScope(user: AuthUser, row: { branchId: number | null; religionId: number | null }): boolean {
  if (user.userType !== 'bank') return false;
  if (user.roleKind === 'branch') return user.branchId !== null && row.branchId === user.branchId;
  return user.religionId === null || row.religionId === null || row.religionId === user.religionId;
}
