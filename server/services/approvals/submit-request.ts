import type { RequestType } from '../../../domain/statuses';
import { messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { approvalRequests } from '../../db/schema/approvals';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import { isUniqueViolation } from './db-errors';

export type NewRequest = {
  type: RequestType;
  /** The one thing it changes; the database refuses a second pending request for the same subject. */
  subject: string;
  title: string;
  payload: Record<string, unknown>;
  makerId: number;
  branchId: number | null;
  religionId: number | null;
  now: Date;
  client?: { ip?: string; userAgent?: string | undefined; sessionId?: string | null };
};

export type StoredRequest = typeof approvalRequests.$inferSelect;

/**
 * Stores a change as a pending command (Fineract's maker step): nothing it describes happens until
 * a different authorised user approves it. Run it inside the caller's transaction when the caller
 * also writes (e.g. marking a registration forwarded).
 */
export async function submitRequest(db: Db, input: NewRequest): Promise<StoredRequest> {
  let row: StoredRequest | undefined;
  try {
    // A savepoint, so a refused duplicate does not poison a surrounding transaction.
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(approvalRequests)
        .values({
          type: input.type,
          subject: input.subject,
          title: input.title.slice(0, 200),
          payload: input.payload,
          makerId: input.makerId,
          branchId: input.branchId,
          religionId: input.religionId,
          status: 'requested',
          createdAt: input.now,
        })
        .returning();
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'approval_requests_one_pending')) throw new AppError(409, 'already_pending', messages.boAlreadyPending);
    throw error;
  }
  if (!row) throw new Error('approval request insert returned nothing');
  await logActivity(db, {
    userId: input.makerId,
    sessionId: input.client?.sessionId ?? null,
    action: 'request.submitted',
    entityType: 'approval_request',
    entityId: String(row.id),
    details: `${input.type} ${input.subject}`.slice(0, 300),
    ipAddress: input.client?.ip ?? null,
    userAgent: input.client?.userAgent ?? null,
    at: input.now,
  });
  return row;
}
