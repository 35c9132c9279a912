import type { Descriptor } from '../../../domain/messages-descriptor';
import { fieldLabels, messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../approvals/db-errors';
import { logActivity } from '../auth/activity';
import type { Caller } from '../approvals/decide-request';

/** Every reference-data change is in the activity log: who, what, when, from where. */
export function auditChange(ctx: AppContext, caller: Caller, action: string, entityType: string, entityId: number | string, details?: string) {
  return logActivity(ctx.database.db, {
    userId: caller.user.id,
    sessionId: caller.sessionId,
    action,
    entityType,
    entityId: String(entityId),
    details: details?.slice(0, 300) ?? null,
    ipAddress: caller.ip,
    userAgent: caller.userAgent,
    at: ctx.now(),
  });
}

/** Runs a write; a unique clash becomes a 409 naming the field ("Short code is already in use"). */
export async function uniqueOr409<T>(caller: Caller, write: () => Promise<T>, field: keyof typeof fieldLabels): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const label: Descriptor = fieldLabels[field];
    const values = { field: caller.t(label) };
    throw new AppError(409, 'duplicate', messages.boDuplicate, values, [{ path: String(field), descriptor: messages.boDuplicate, values }]);
  }
}
