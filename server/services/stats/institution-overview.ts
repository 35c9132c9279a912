import { and, eq, gte, isNull, like, lt, type SQL, sql } from 'drizzle-orm';
import type { StatsOverview, StatsOverviewQuery } from '../../../domain/api/stats';
import { dayRange } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { collectedByChild, collectedByMethod, collectedByOperator, collectedTotal, type GivingFilter, membersWhoGave } from './giving-sums';
import { reportRoot, zoneOf } from './report-scope';

/** The institutions one level below the root (or the tops of the caller's scope), that the caller may see. */
export async function childrenOf(db: Db, user: AuthUser, rootId: number | null) {
  const scope = institutionScope(user);
  const where = rootId === null ? and(scope, sql`(${institutions.parentId} is null or not exists (select 1 from institutions up where up.id = ${institutions.parentId} and ${sql.raw(scopeOnUp(user))}))`) : and(scope, eq(institutions.parentId, rootId));
  return db.select({ id: institutions.id, title: institutions.title }).from(institutions).where(where).orderBy(institutions.title);
}

/** The caller's scope applied to the `up` alias (a parent), for "tops of the scope": the parent is outside it. */
function scopeOnUp(user: AuthUser): string {
  if (user.roleKind === 'admin') return user.religionId === null ? 'true' : `up.religion_id = ${Number(user.religionId)}`;
  if (user.roleKind === 'branch') return user.branchId === null ? 'false' : `up.branch_id = ${Number(user.branchId)}`;
  return 'false';
}

async function memberCounts(db: Db, user: AuthUser, underPath: string | null, start: Date, end: Date) {
  const conditions: Array<SQL | undefined> = [institutionScope(user), isNull(members.deletedAt), lt(members.createdAt, end), underPath ? like(institutions.path, `${underPath}%`) : undefined];
  const [row] = await db
    .select({
      registered: sql<number>`count(*)::int`.mapWith(Number),
      newMembers: sql<number>`count(*) filter (where ${gte(members.createdAt, start)})::int`.mapWith(Number),
    })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(...conditions));
  return { registered: row?.registered ?? 0, newMembers: row?.newMembers ?? 0 };
}

/**
 * Statistics of one institution (or the caller's whole scope) over a period: what was collected, by
 * method, by the level below (to drill into), what came to the institution itself, and the members'
 * participation (who gave against who was registered by the end of the period) and new members.
 */
export async function institutionOverview(db: Db, user: AuthUser, q: StatsOverviewQuery): Promise<StatsOverview> {
  if (!hasGrant(user, 'stats', 'view') && !hasGrant(user, 'dashboard', 'view')) throw errors.forbidden();
  const root = await reportRoot(db, user, q.institutionId);
  const { start, end } = dayRange(q.from, q.to, zoneOf(root));
  const filter: GivingFilter = { scope: institutionScope(user), underPath: root?.path ?? null, from: q.from, to: q.to, start, end, currency: q.currency };
  const [total, byMethod, byOperator, byChild, gave, counts, children] = await Promise.all([
    collectedTotal(db, filter),
    collectedByMethod(db, filter),
    collectedByOperator(db, filter),
    collectedByChild(db, filter),
    membersWhoGave(db, filter),
    memberCounts(db, user, root?.path ?? null, start, end),
    childrenOf(db, user, root?.id ?? null),
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
    participation: { gave, registered: counts.registered },
    newMembers: counts.newMembers,
  };
}
