import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { BATCH_STATUSES, BatchRow } from '../../../domain/api/receipts';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { receiptBatches, transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from './desk-access';
import { staleCondition } from './batch-staleness';

/**
 * Batches the caller may see, from every device of their congregations, newest service first, each
 * with the count and total of its receipts as stored on the server (what the closed batch is
 * matched against the deposit with). A receipt stored after the batch's close (recorded on a device
 * that was offline while another closed the batch, ADR 019) counts in the batch and is also counted
 * apart as late, so whoever matches the deposit sees what changed after the close.
 */
export async function listBatches(
  db: Db,
  user: AuthUser,
  query: { institutionId?: number | undefined; status?: (typeof BATCH_STATUSES)[number] | undefined; limit: number },
  /** Open batches whose service and opening are both before this are flagged stale (batch-staleness.ts). */
  staleBefore: Date,
): Promise<{ data: Array<typeof BatchRow._output> }> {
  const conditions: SQL[] = [institutionScope(user)];
  if (query.institutionId !== undefined) {
    await requireScopedInstitution(db, user, query.institutionId);
    conditions.push(eq(receiptBatches.institutionId, query.institutionId));
  }
  if (query.status) conditions.push(eq(receiptBatches.status, query.status));
  const late = sql`${receiptBatches.closedAt} is not null and ${transactions.createdAt} > ${receiptBatches.closedAt}`;
  const rows = await db
    .select({
      batch: receiptBatches,
      receiptCount: sql<number>`count(${transactions.id})`.mapWith(Number),
      total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text`,
      lateCount: sql<number>`count(${transactions.id}) filter (where ${late})`.mapWith(Number),
      lateTotal: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${late}), 0)::text`,
      stale: sql<boolean>`(${staleCondition(staleBefore)})`.mapWith(Boolean),
    })
    .from(receiptBatches)
    .innerJoin(institutions, eq(institutions.id, receiptBatches.institutionId))
    .leftJoin(transactions, and(eq(transactions.batchId, receiptBatches.id), eq(transactions.status, 'completed')))
    .where(and(...conditions))
    .groupBy(receiptBatches.id)
    .orderBy(desc(receiptBatches.serviceDate), desc(receiptBatches.createdAt), desc(receiptBatches.id))
    .limit(query.limit);
  return {
    data: rows.map(({ batch, receiptCount, total, lateCount, lateTotal, stale }) => ({
      id: batch.id,
      institutionId: batch.institutionId,
      name: batch.name,
      serviceDate: batch.serviceDate.toISOString().slice(0, 10),
      currency: batch.currency,
      status: batch.status === 'closed' ? 'closed' : 'open',
      closedAt: batch.closedAt?.toISOString() ?? null,
      receiptCount,
      total: Number(total),
      openedAt: batch.createdAt.toISOString(),
      stale,
      lateCount,
      lateTotal: Number(lateTotal),
    })),
  };
}
