import { and, eq, sql } from 'drizzle-orm';
import type { StatsOverview, StatsOverviewQuery } from '../../../domain/api/stats';
import { dayOf, dayRange } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope, rollupScopeOf } from '../auth/scope';
import { collectedByChild, collectedByMethod, collectedByOperator, collectedTotal, type GivingFilter } from './giving-sums';
import { participationIn } from './participation';
import { reportRoot, zoneOf } from './report-scope';

/** The institutions one level below the root (or the tops of the caller's scope), that the caller may see. */
export async function childrenOf(db: Db, user: AuthUser, rootId: number | null) {
  const scope = institutionScope(user);
  const where = rootId === null ? and(scope, sql`(${institutions.parentId} is null or not exists (select 1 from institutions up where up.id = ${institutions.parentId} and ${sql.raw(scopeOnUp(user))}))`) : and(scope, eq(institutions.parentId, rootId));
  return db.select({ id: institutions.id, title: institutions.title, path: institutions.path }).from(institutions).where(where).orderBy(institutions.title);
}

/** The caller's scope applied to the `up` alias (a parent), for "tops of the scope": the parent is outside it. */
function scopeOnUp(user: AuthUser): string {
  if (user.roleKind === 'admin') return user.religionId === null ? 'true' : `up.religion_id = ${Number(user.religionId)}`;
  if (user.roleKind === 'branch') return user.branchId === null ? 'false' : `up.branch_id = ${Number(user.branchId)}`;
  return 'false';
}

/**
 * Statistics of one institution (or the caller's whole scope) over a period: what was collected, by
 * method, by the level below (to drill into), what came to the institution itself, and the members'
 * participation (who gave against who was registered by the end of the period) and new members.
 */
export async function institutionOverview(db: Db, user: AuthUser, q: StatsOverviewQuery, now: Date): Promise<StatsOverview> {
  if (!hasGrant(user, 'stats', 'view') && !hasGrant(user, 'dashboard', 'view')) throw errors.forbidden();
  const root = await reportRoot(db, user, q.institutionId);
  const zone = zoneOf(root);
  const { start, end } = dayRange(q.from, q.to, zone);
  const filter: GivingFilter = { scope: institutionScope(user), rollup: rollupScopeOf(user), underPath: root?.path ?? null, from: q.from, to: q.to, start, end, currency: q.currency, today: dayOf(now, zone) };
  // The tops of a bank user's scope decide how their sums are read (giving-sums.ts collectedByChild).
  const childrenRead = childrenOf(db, user, root?.id ?? null);
  const [total, byMethod, byOperator, byChild, participation, children] = await Promise.all([
    collectedTotal(db, filter),
    collectedByMethod(db, filter),
    collectedByOperator(db, filter),
    childrenRead.then((list) => collectedByChild(db, filter, list)),
    participationIn(db, user, root, filter),
    childrenRead,
  ]);
  const childRows = children.map((child) => ({ id: child.id, title: child.title, ...(byChild.get(child.id) ?? { amount: 0, count: 0 }) }));
  const inChildren = childRows.reduce((sum, row) => ({ amount: sum.amount + row.amount, count: sum.count + row.count }), { amount: 0, count: 0 });
  let parent: { id: number; title: string } | null = null;
  if (root) {
    const chain = root.path.split('/').filter(Boolean).map(Number);
    const parentId = chain.at(-2);
    if (parentId !== undefined) {
      const [row] = await db.select({ id: institutions.id, title: institutions.title }).from(institutions).where(and(eq(institutions.id, parentId), institutionScope(user)));
      parent = row ?? null;
    }
  }
  return {
    institution: root ? { id: root.id, title: root.title } : null,
    parent,
    from: q.from,
    to: q.to,
    currency: q.currency,
    total,
    byMethod: byMethod.sort((a, b) => b.amount - a.amount),
    byOperator: byOperator.sort((a, b) => b.amount - a.amount || a.operator.localeCompare(b.operator)),
    children: childRows,
    direct: root ? { amount: total.amount - inChildren.amount, count: total.count - inChildren.count } : { amount: 0, count: 0 },
    participation: { gave: participation.gave, registered: participation.registered },
    newMembers: participation.newMembers,
  };
}
