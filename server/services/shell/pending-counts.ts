import { and, count, eq } from 'drizzle-orm';
import type { PendingRegistration } from '../../../domain/api/shell';
import type { AppContext } from '../../context';
import { approvalRequests } from '../../db/schema/approvals';
import { requestScope } from '../approvals/request-scope';
import type { AuthUser } from '../auth/auth-user';

/**
 * Requests waiting for a checker, by type, in the caller's request scope. The menu badge
 * (getTotalPendingRegistration) and the counts on the requests tabs (GET /api/requests) both call
 * this, so they can never disagree.
 */
export async function pendingRequestCounts(ctx: AppContext, user: AuthUser): Promise<PendingRegistration> {
  const rows = await ctx.database.db
    .select({ type: approvalRequests.type, n: count() })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.status, 'requested'), requestScope(user)))
    .groupBy(approvalRequests.type);
  const of = (type: string) => rows.find((row) => row.type === type)?.n ?? 0;
  const result = { account: of('bank-account'), registration: of('application'), user: of('bank-user'), userEdit: of('user-edit'), smsTopUp: of('sms-topup') };
  return { ...result, total: result.account + result.registration + result.user + result.userEdit + result.smsTopUp };
}
