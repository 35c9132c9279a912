import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PendingRegistration } from '../../../domain/api/shell';
import type { AppContext } from '../../context';
import { approvalRequests } from '../../db/schema/approvals';
import type { AuthUser } from '../auth/auth-user';

/** Requests waiting for a checker, by type; an admin sees the active religion (or all), a branch user its branch. */
export async function pendingRequestCounts(ctx: AppContext, user: AuthUser): Promise<PendingRegistration> {
  const conditions: SQL[] = [eq(approvalRequests.status, 'requested')];
  if (user.roleKind === 'admin' && user.religionId !== null) conditions.push(eq(approvalRequests.religionId, user.religionId));
  else if (user.roleKind === 'branch' && user.branchId !== null) conditions.push(eq(approvalRequests.branchId, user.branchId));
  else if (user.roleKind !== 'admin') return { total: 0, account: 0, registration: 0, user: 0, userEdit: 0 };
  const rows = await ctx.database.db
    .select({ type: approvalRequests.type, n: count() })
    .from(approvalRequests)
    .where(and(...conditions))
    .groupBy(approvalRequests.type);
  const of = (type: string) => rows.find((row) => row.type === type)?.n ?? 0;
  const result = { account: of('bank-account'), registration: of('application'), user: of('bank-user'), userEdit: of('user-edit') };
  return { ...result, total: result.account + result.registration + result.user + result.userEdit };
}
