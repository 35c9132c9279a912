import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { BATCH_STATUSES, BatchRow } from '../../../domain/api/receipts';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { receiptBatches, transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from './desk-access';

/**
 * Batches the caller may see, newest service first, each with the count and total of its
 * receipts as stored on the server (what the closed batch is matched against the deposit with).
 */
export async function listBatches(
  db: Db,
  user: AuthUser,
  query: { institutionId?: number | undefined; status?: (typeof BATCH_STATUSES)[number] | undefined; limit: number },
): Promise<{ data: Array<typeof BatchRow._output> }> {
  const conditions: SQL[] = [institutionScope(user)];
  if (query.institutionId !== undefined) {
    await requireScopedInstitution(db, user, query.institutionId);
    conditions.push(eq(receiptBatches.institutionId, query.institutionId));
  }
  if (query.status) conditions.push(eq(receiptBatches.status, query.status));
  const rows = await db
    .select({
      batch: receiptBatches,
      receiptCount: sql<number>`count(${transactions.id})`.mapWith(Number),
      total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text`,
    })
    .from(receiptBatches)
    .innerJoin(institutions, eq(institutions.id, receiptBatches.institutionId))
    .leftJoin(transactions, and(eq(transactions.batchId, receiptBatches.id), eq(transactions.status, 'completed')))
    .where(and(...conditions))
    .groupBy(receiptBatches.id)
    .orderBy(desc(receiptBatches.serviceDate), desc(receiptBatches.createdAt), desc(receiptBatches.id))
    .limit(query.limit);
  return {
    data: rows.map(({ batch, receiptCount, total }) => ({
      id: batch.id,
      institutionId: batch.institutionId,
      name: batch.name,
      serviceDate: batch.serviceDate.toISOString().slice(0, 10),
      currency: batch.currency,
      status: batch.status === 'closed' ? 'closed' : 'open',
      closedAt: batch.closedAt?.toISOString() ?? null,
      receiptCount,
      total: Number(total),
    })),
  };
}
