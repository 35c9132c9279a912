import { and, eq } from 'drizzle-orm';
import type { RequestDecision } from '../../../domain/api/back-office';
import { messages } from '../../../domain/messages';
import { REQUEST_TYPES, type RequestStatus, type RequestType } from '../../../domain/statuses';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { approvalRequests } from '../../db/schema/approvals';
import { AppError, errors } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import type { AuthUser } from '../auth/auth-user';
import { ExecutionDenied } from './denied';
import type { AfterCommit, ExecutionEnv } from './executor';
import { executors } from './executors/by-type';
import { noAccessMessage, mayApprove } from './request-kinds';
import { inRequestScope } from './request-scope';

export type Caller = {
  user: AuthUser;
  /** Null when acting through an institution access token (no session). */
  sessionId: string | null;
  ip: string;
  userAgent: string | undefined;
  t: (d: { id: string; message: string }, v?: Record<string, unknown>) => string;
};

type Row = typeof approvalRequests.$inferSelect;

const notPending = () => new AppError(409, 'not_pending', messages.boNotPending);

function typeOf(row: Row): RequestType {
  if (!(REQUEST_TYPES as readonly string[]).includes(row.type)) throw new Error(`unknown request type ${row.type}`);
  return row.type as RequestType;
}

/**
 * The checker rules, in order: the request must be visible to the caller, the caller must hold the
 * approving permission for its type, must not be its maker (no setting or role bypasses this), and
 * it must still be pending. The final "still pending" is re-checked by the conditional update.
 */
function assertMayCheck(user: AuthUser, row: Row | undefined): asserts row is Row {
  if (!row) throw errors.notFound();
  // Another branch's (or religion's) request: the caller may not approve it.
  if (!inRequestScope(user, row)) throw errors.forbidden();
  const type = typeOf(row);
  if (!mayApprove(user, type)) throw new AppError(403, 'no_access', noAccessMessage[type]);
  if (row.makerId === user.id) throw new AppError(403, 'own_request', messages.boOwnRequest);
  if (row.status !== 'requested') throw notPending();
}

/** Moves a pending request to its final status; only one caller can ever win this update. */
async function claim(db: Db, id: number, status: RequestStatus, user: AuthUser, reason: string | null, now: Date): Promise<Row> {
  const [claimed] = await db
    .update(approvalRequests)
    .set({ status, checkerId: user.id, reason, resolvedAt: now })
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'requested')))
    .returning();
  if (!claimed) throw notPending();
  return claimed;
}

async function audit(db: Db, caller: Caller, action: string, row: Row, now: Date, details?: string): Promise<void> {
  await logActivity(db, {
    userId: caller.user.id,
    sessionId: caller.sessionId,
    action,
    entityType: 'approval_request',
    entityId: String(row.id),
    details: (details ?? `${row.type} ${row.subject}`).slice(0, 300),
    ipAddress: caller.ip,
    userAgent: caller.userAgent,
    at: now,
  });
}

/**
 * Approve = execute the stored payload in the same transaction as the status change. If the
 * payload can no longer be applied the executor's writes roll back to a savepoint and the request
 * ends `denied` with the reason; either way it resolves exactly once. Credentials and other
 * messages go out only after the commit.
 */
export async function approveRequest(ctx: AppContext, caller: Caller, id: number, comment: string | undefined): Promise<RequestDecision> {
  const now = ctx.now();
  const { decision, afterCommit } = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id));
    assertMayCheck(caller.user, row);
    const claimed = await claim(tx, id, 'approved', caller.user, comment?.trim() || null, now);
    const executor = executors[typeOf(claimed)];
    const env: ExecutionEnv = { ctx, db: tx, now, requestId: id, makerId: claimed.makerId, checkerId: caller.user.id };
    try {
      const payload = executor.schema.parse(claimed.payload);
      const work = await tx.transaction((savepoint) => executor.execute({ ...env, db: savepoint }, payload));
      await audit(tx, caller, 'request.approved', claimed, now);
      return { decision: { id, status: 'approved' as const, reason: claimed.reason }, afterCommit: work };
    } catch (error) {
      if (!(error instanceof ExecutionDenied)) throw error;
      const reason = caller.t(error.descriptor);
      await tx.update(approvalRequests).set({ status: 'denied', reason }).where(eq(approvalRequests.id, id));
      await audit(tx, caller, 'request.denied', claimed, now, `${claimed.type} ${claimed.subject}: ${error.descriptor.id}`);
      return { decision: { id, status: 'denied' as const, reason }, afterCommit: [] as AfterCommit[] };
    }
  });
  for (const work of afterCommit) await work();
  return decision;
}

/** Reject = record who and why; nothing the payload describes happens. */
export async function rejectRequest(ctx: AppContext, caller: Caller, id: number, reason: string): Promise<RequestDecision> {
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id));
    assertMayCheck(caller.user, row);
    const claimed = await claim(tx, id, 'rejected', caller.user, reason, now);
    const executor = executors[typeOf(claimed)];
    const parsed = executor.schema.safeParse(claimed.payload);
    if (parsed.success && executor.rejected) {
      await executor.rejected({ ctx, db: tx, now, requestId: id, makerId: claimed.makerId, checkerId: caller.user.id }, parsed.data, reason);
    }
    await audit(tx, caller, 'request.rejected', claimed, now);
    return { id, status: 'rejected' as const, reason };
  });
}

/** The maker takes a pending request back: it ends `not_approved`, decided by no checker. */
export async function withdrawRequest(ctx: AppContext, caller: Caller, id: number): Promise<RequestDecision> {
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, id));
    if (!row) throw errors.notFound();
    if (row.makerId !== caller.user.id) throw new AppError(403, 'not_maker', messages.boOnlyMakerWithdraws);
    const [closed] = await tx
      .update(approvalRequests)
      .set({ status: 'not_approved', resolvedAt: now })
      .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'requested')))
      .returning();
    if (!closed) throw notPending();
    const executor = executors[typeOf(closed)];
    const parsed = executor.schema.safeParse(closed.payload);
    if (parsed.success && executor.withdrawn) await executor.withdrawn(tx, parsed.data);
    await audit(tx, caller, 'request.withdrawn', closed, now);
    return { id, status: 'not_approved' as const, reason: null };
  });
}
