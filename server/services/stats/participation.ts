import { and, eq, gte, isNull, like, lt, type SQL, sql } from 'drizzle-orm';
import { addDays, type Day } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { giverFirsts, memberTotals, type ParticipationScopeKind } from '../../db/schema/participation';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { type GivingFilter, membersWhoGave } from './giving-sums';
import type { ReportRoot } from './report-scope';

/**
 * Members' participation in a report (ADR 067): who gave (distinct members with a completed giving
 * in the period), who was registered by its end, and who was new in it — read from the
 * participation read model (migration 0042), a few hundred rows whatever the scope, and from the
 * tables only where the read model cannot be exact (see `readModelScope` and `givers`).
 */
export type Participation = { gave: number; registered: number; newMembers: number };

type Scope = { kind: ParticipationScopeKind; id: number };

/**
 * The read model's scope that holds exactly the report's institutions: the root's subtree when every
 * institution in it is the caller's to see, else the caller's whole scope (bank, religion, branch).
 * Null when the caller sees only part of the root's subtree (a branch officer on a union whose
 * churches bank elsewhere): no scope row holds that intersection.
 */
async function readModelScope(db: Db, user: AuthUser, root: ReportRoot | null): Promise<Scope | null> {
  if (root === null) {
    if (user.roleKind === 'admin') return user.religionId === null ? { kind: 'all', id: 0 } : { kind: 'religion', id: user.religionId };
    // Branch ids are serials from 1: "no branch" (scope false) reads no rows, as the tables would give.
    if (user.roleKind === 'branch') return { kind: 'branch', id: user.branchId ?? 0 };
    return { kind: 'institution', id: user.institutionId ?? 0 };
  }
  const everythingVisible = user.roleKind !== 'admin' && user.roleKind !== 'branch';
  if (everythingVisible || (user.roleKind === 'admin' && user.religionId === null)) return { kind: 'institution', id: root.id };
  // Paths are built from integer ids ("/1/4/9/"): no LIKE wildcards can hide in them.
  const [outside] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(and(like(institutions.path, `${root.path}%`), sql`not (${institutionScope(user)})`))
    .limit(1);
  return outside ? null : { kind: 'institution', id: root.id };
}

/**
 * The periods giver_firsts answers exactly: from the first of a month to any day of the same year
 * (this month or year so far, a quarter, whole months). Returns the anchor (the month's first day).
 */
export function giverAnchor(from: Day, to: Day): Day | null {
  return from.endsWith('-01') && from.slice(0, 4) === to.slice(0, 4) ? from : null;
}

/** Rows of member_totals that add up to the members registered up to and including `day`. */
function registeredUpTo(day: Day): SQL {
  const year = `${day.slice(0, 4)}-01-01`;
  const month = `${day.slice(0, 7)}-01`;
  return sql`((${memberTotals.period} = 'year' and ${memberTotals.startsOn} < ${year})
    or (${memberTotals.period} = 'month' and ${memberTotals.startsOn} >= ${year} and ${memberTotals.startsOn} < ${month})
    or (${memberTotals.period} = 'day' and ${memberTotals.startsOn} >= ${month} and ${memberTotals.startsOn} <= ${day}))`;
}

/** Registered by the end of the period and new in it: registered up to `to` minus registered up to the day before `from`. */
async function memberCountsFromReadModel(db: Db, scope: Scope, from: Day, to: Day) {
  const before = addDays(from, -1);
  const [row] = await db
    .select({
      registered: sql<number>`coalesce(sum(${memberTotals.members}) filter (where ${registeredUpTo(to)}), 0)::int`.mapWith(Number),
      before: sql<number>`coalesce(sum(${memberTotals.members}) filter (where ${registeredUpTo(before)}), 0)::int`.mapWith(Number),
    })
    .from(memberTotals)
    .where(and(eq(memberTotals.scopeKind, scope.kind), eq(memberTotals.scopeId, scope.id), sql`(${registeredUpTo(to)} or ${registeredUpTo(before)})`));
  const registered = row?.registered ?? 0;
  return { registered, newMembers: registered - (row?.before ?? 0) };
}

/**
 * Members not deleted in the caller's whole scope (the dashboard's figure): every year row of their
 * scope in member_totals, a few rows whatever the number of members.
 */
export async function registeredMembers(db: Db, user: AuthUser): Promise<number> {
  const scope = await readModelScope(db, user, null);
  if (scope === null) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${memberTotals.members}), 0)::bigint`.mapWith(Number) })
    .from(memberTotals)
    .where(and(eq(memberTotals.scopeKind, scope.kind), eq(memberTotals.scopeId, scope.id), eq(memberTotals.period, 'year')));
  return row?.n ?? 0;
}

/** The same from the members table (every member in scope): the fallback where no scope row fits. */
async function memberCountsFromTables(db: Db, user: AuthUser, underPath: string | null, start: Date, end: Date) {
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

/** Members whose first completed giving in the scope on or after the anchor came by `to`: those who gave in [anchor, to]. */
async function giversFromReadModel(db: Db, scope: Scope, anchor: Day, to: Day, currency: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${giverFirsts.givers}), 0)::int`.mapWith(Number) })
    .from(giverFirsts)
    .where(
      and(
        eq(giverFirsts.scopeKind, scope.kind),
        eq(giverFirsts.scopeId, scope.id),
        eq(giverFirsts.currency, currency),
        eq(giverFirsts.anchor, anchor),
        sql`${giverFirsts.firstDay} <= ${to}`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Participation over the filter's period. Member counts always come from the read model when a
 * scope fits; givers when the period starts on the first of a month and ends in the same year (the
 * stats page's default month so far, the year so far, quarters). Any other period — a week from a
 * Monday, a range across New Year — counts distinct givers from transactions, as before.
 */
export async function participationIn(db: Db, user: AuthUser, root: ReportRoot | null, filter: GivingFilter): Promise<Participation> {
  const scope = await readModelScope(db, user, root);
  const anchor = giverAnchor(filter.from, filter.to);
  const [gave, counts] = await Promise.all([
    scope && anchor ? giversFromReadModel(db, scope, anchor, filter.to, filter.currency) : membersWhoGave(db, filter),
    scope ? memberCountsFromReadModel(db, scope, filter.from, filter.to) : memberCountsFromTables(db, user, root?.path ?? null, filter.start, filter.end),
  ]);
  return { gave, ...counts };
}
