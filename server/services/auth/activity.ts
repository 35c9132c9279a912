import type { Db } from '../../db/client';
import { activityLog } from '../../db/schema/auth';

export type ActivityEntry = {
  userId?: number | null;
  sessionId?: string | null;
  action: string;
  entityType?: string | null;
  entityId?: string | null;
  /** Never a password, OTP, token or card number. */
  details?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  at: Date;
};

/** Who did what, when (UTC) and from where: sign-ins, denials, approvals, deletions, money movements. */
export async function logActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values(activityRow(entry));
}

/** Many entries in one INSERT (a synced batch of receipts logs one row per money movement). */
export async function logActivities(db: Db, entries: readonly ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activityLog).values(entries.map(activityRow));
}

function activityRow(entry: ActivityEntry): typeof activityLog.$inferInsert {
  return {
    userId: entry.userId ?? null,
    sessionId: entry.sessionId ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
    createdAt: entry.at,
  };
}
