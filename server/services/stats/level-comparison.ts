import { and, asc, eq, gt, like, type SQL } from 'drizzle-orm';
import type { LevelComparison, LevelComparisonQuery } from '../../../domain/api/stats-compare';
import { dayOf } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { collectionTotalsBy } from '../read-model/totals';
import { reportRoot, zoneOf } from './report-scope';

type Collected = { amount: number; count: number };

/** The levels below the institution's own, of its religion, highest first. */
async function levelsBelow(db: Db, institutionId: number) {
  const [own] = await db
    .select({ religionId: institutionLevels.religionId, rank: institutionLevels.rank })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(eq(institutions.id, institutionId));
  if (!own) throw errors.notFound();
  return db
    .select({ id: institutionLevels.id, code: institutionLevels.code, nameEn: institutionLevels.nameEn, nameSw: institutionLevels.nameSw })
    .from(institutionLevels)
    .where(and(eq(institutionLevels.religionId, own.religionId), gt(institutionLevels.rank, own.rank)))
    .orderBy(asc(institutionLevels.rank));
}

/**
 * Compare the institutions of one level under an institution (ADR 079): every district of a union,
 * or every church, each with its whole subtree's completed givings of the period, largest first.
 * The sums come from the read model per collecting institution (ADR 030; month rows for whole
 * months, year rows for whole years), one row per institution of the subtree that collected in the
 * period — what "by the level below" already reads for the same subtree — and each row is credited
 * to the institution of the level on its path. Never the transactions.
 *
 * Only under an institution: the one chosen, else the caller's own. A level at or above it, or an
 * institution outside the caller's scope, is not found (a church treasurer compares nothing above
 * his church). Bank staff with no institution chosen compare the tops of their scope on the page's
 * "level below" (the bank-wide rollups keep no per-institution rows: ADR 066).
 */
export async function levelComparison(db: Db, user: AuthUser, q: LevelComparisonQuery, now: Date): Promise<LevelComparison> {
  if (!hasGrant(user, 'stats', 'view') && !hasGrant(user, 'dashboard', 'view')) throw errors.forbidden();
  const root = await reportRoot(db, user, q.institutionId);
  if (!root) throw errors.notFound();
  const levels = await levelsBelow(db, root.id);
  const level = q.levelId === undefined ? (levels.at(-1) ?? null) : (levels.find((candidate) => candidate.id === q.levelId) ?? null);
  if (q.levelId !== undefined && !level) throw errors.notFound();
  const subtree = and(institutionScope(user), like(institutions.path, `${root.path}%`)) as SQL;
  const [targets, collected] = await Promise.all([
    level
      ? db.select({ id: institutions.id, title: institutions.title }).from(institutions).where(and(subtree, eq(institutions.levelId, level.id)))
      : Promise.resolve([]),
    // today only decides which rows are read (whole months and years less what lies ahead), never the sums.
    collectionTotalsBy(db, { scope: subtree, from: q.from, to: q.to, today: dayOf(now, zoneOf(root)), status: ['completed'], currency: q.currency }, ['institution'], { path: institutions.path }),
  ]);
  const sums = new Map<number, Collected>(targets.map((target) => [target.id, { amount: 0, count: 0 }]));
  const total: Collected = { amount: 0, count: 0 };
  const above: Collected = { amount: 0, count: 0 };
  for (const row of collected) {
    total.amount += row.amount;
    total.count += row.transactions;
    // Paths are "/1/4/9/": the institution of the level is the one id on it that is a target.
    const target = String(row.path)
      .split('/')
      .filter(Boolean)
      .map(Number)
      .map((id) => sums.get(id))
      .find((sum) => sum !== undefined);
    const into = target ?? above;
    into.amount += row.amount;
    into.count += row.transactions;
  }
  const ranked = targets
    .map((target) => ({ id: target.id, title: target.title, ...sums.get(target.id)! }))
    .sort((a, b) => b.amount - a.amount || a.title.localeCompare(b.title) || a.id - b.id);
  const rows = ranked.slice(0, q.limit);
  const after = ranked.slice(q.limit);
  return {
    institution: { id: root.id, title: root.title },
    from: q.from,
    to: q.to,
    currency: q.currency,
    levels,
    level,
    institutions: ranked.length,
    rows,
    rest: after.length === 0 ? null : { institutions: after.length, amount: after.reduce((sum, row) => sum + row.amount, 0), count: after.reduce((sum, row) => sum + row.count, 0) },
    above,
    total,
  };
}
