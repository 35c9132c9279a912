import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { receiptBatches } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { DESK_READERS } from './desk-access';

const DAY_MS = 86_400_000;

/** The instant before which an open batch's service and opening make it stale (STALE_BATCH_DAYS). */
export function staleBefore(ctx: AppContext): Date {
  return new Date(ctx.now().getTime() - ctx.config.desk.staleBatchDays * DAY_MS);
}

/**
 * Open, and forgotten: both its service date and the day the server first had it are older than
 * the limit. Either alone is not enough — a batch opened today for last month's service is being
 * counted now, and a batch opened early for a service still to come is not abandoned.
 */
export function staleCondition(before: Date): SQL {
  return sql`${receiptBatches.status} = 'open' and greatest(${receiptBatches.serviceDate}, ${receiptBatches.createdAt}) < ${before.toISOString()}::timestamptz`;
}

export type StaleBatches = {
  days: number;
  count: number;
  /** The oldest few, for the dashboard to name. */
  oldest: Array<{ id: string; institutionId: number; institution: string; name: string; serviceDate: string }>;
};

/**
 * The dashboard's flag: stale open batches in the caller's scope. Only for those who may read the
 * desk's batches (the batch list's readers); anyone else gets none, not an error, so the dashboard
 * stays one call for every role.
 */
export async function staleBatchSummary(ctx: AppContext, user: AuthUser): Promise<StaleBatches> {
  const days = ctx.config.desk.staleBatchDays;
  if (!DESK_READERS.some(([feature, action]) => hasGrant(user, feature, action))) return { days, count: 0, oldest: [] };
  const db = ctx.database.db;
  const where = and(institutionScope(user), staleCondition(staleBefore(ctx)));
  const [[total], oldest] = await Promise.all([
    db.select({ n: count() }).from(receiptBatches).innerJoin(institutions, eq(institutions.id, receiptBatches.institutionId)).where(where),
    db
      .select({ id: receiptBatches.id, institutionId: receiptBatches.institutionId, institution: institutions.title, name: receiptBatches.name, serviceDate: receiptBatches.serviceDate })
      .from(receiptBatches)
      .innerJoin(institutions, eq(institutions.id, receiptBatches.institutionId))
      .where(where)
      .orderBy(asc(receiptBatches.serviceDate), asc(receiptBatches.id))
      .limit(5),
  ]);
  return {
    days,
    count: Number(total?.n ?? 0),
    oldest: oldest.map((row) => ({ ...row, serviceDate: row.serviceDate.toISOString().slice(0, 10) })),
  };
}
