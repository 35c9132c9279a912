import { and, eq, like, type SQL } from 'drizzle-orm';
import type { StatsOverTime, StatsOverTimeQuery } from '../../../domain/api/stats-compare';
import type { Day } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { collectionRollup } from '../../db/schema/read-model';
import { collectionTopRollup } from '../../db/schema/read-model-rollups';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope, rollupScopeOf } from '../auth/scope';
import { collectionTotalsBy, rollupTotalsBy } from '../read-model/totals';
import { overTimeBuckets } from './over-time-buckets';
import { reportRoot } from './report-scope';

type Sums = Map<string, { amount: number; count: number }>;

/**
 * Collections of the statistics page's period (and the period before it) per day, week or month,
 * for the chosen institution's subtree or the caller's whole scope: read from the read model (ADR
 * 030) by day or month, a week summed from its day rows here (collection_totals keeps no week rows).
 * Bank staff with no institution chosen read the rollup per religion and branch (ADR 066), as the
 * dashboard does.
 */
export async function statsOverTime(db: Db, user: AuthUser, q: StatsOverTimeQuery): Promise<StatsOverTime> {
  if (!hasGrant(user, 'stats', 'view') && !hasGrant(user, 'dashboard', 'view')) throw errors.forbidden();
  const root = await reportRoot(db, user, q.institutionId);
  const plan = overTimeBuckets(q.from, q.to, q.grain);
  const byMonth = q.grain === 'month';
  const rollup = root ? null : rollupScopeOf(user);
  const scope = and(institutionScope(user), root ? like(institutions.path, `${root.path}%`) : undefined) as SQL;
  // A top of the tree (a union) is read from collection_top_rollup: a year of days is ~365 rows per key
  // there, where its 2,000 churches' own rows are ~365 each. The caller's bank scope (religion, branch)
  // applies on its columns; an institution's user whose root is a top sees that whole subtree.
  const topScope = root && root.path === `/${root.id}/` ? and(eq(collectionTopRollup.topId, root.id), rollupScopeOf(user)?.(collectionTopRollup)) : null;
  const read = async (range: { from: Day; to: Day }): Promise<Sums> => {
    const filter = { ...range, status: ['completed'], currency: q.currency };
    const groupBy = [byMonth ? ('month' as const) : ('day' as const)];
    const rows = rollup
      ? await rollupTotalsBy(db, { ...filter, scope: rollup(collectionRollup) }, groupBy)
      : topScope
        ? await rollupTotalsBy(db, { ...filter, scope: topScope as SQL }, groupBy, {}, collectionTopRollup)
        : await collectionTotalsBy(db, { ...filter, scope }, groupBy);
    return new Map(rows.map((row) => [byMonth ? row.month! : row.day!, { amount: row.amount, count: row.transactions }]));
  };
  const [current, previous] = await Promise.all([read(plan.current), read(plan.previous)]);
  // Month rows are keyed YYYY-MM (one bucket each); day rows are summed over the bucket's days.
  const sum = (sums: Sums, range: { from: Day; to: Day }) => {
    let amount = 0;
    let count = 0;
    for (const [key, value] of sums) {
      const inside = byMonth ? key === range.from.slice(0, 7) : key >= range.from && key <= range.to;
      if (inside) {
        amount += value.amount;
        count += value.count;
      }
    }
    return { amount, count };
  };
  return {
    grain: q.grain,
    currency: q.currency,
    institution: root ? { id: root.id, title: root.title } : null,
    current: plan.current,
    previous: plan.previous,
    buckets: plan.buckets.map((bucket) => {
      const now = sum(current, bucket.current);
      const before = sum(previous, bucket.previous);
      return { index: bucket.index, current: bucket.current, previous: bucket.previous, currentAmount: now.amount, currentCount: now.count, previousAmount: before.amount, previousCount: before.count };
    }),
  };
}
