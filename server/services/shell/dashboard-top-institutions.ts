import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { addMonths, type Day, dayBefore } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { institutionYearTotals } from '../../db/schema/read-model';
import { wholeYears } from '../read-model/totals';

type YearFilter = { scope: SQL | null; from: Day; to: Day; status: string; currency: string };
type Ranked = Array<{ institutionId: number; amount: number }>;

/**
 * The dashboard's top institutions of whole calendar years, largest first (ties by id), from
 * institution_year_totals (migration 0049, ADR 070): one row per institution and year, read in the
 * order of its index, so `n` rows are read whatever the number of institutions. An unscoped admin
 * reads the index alone; a scope joins institutions and stops at the `n`th match.
 *
 * The dashboard's year runs to an open end (a receipt dated into next year still counts), so when a
 * later year has rows in the range the rows are summed per institution instead, as before.
 */
export async function topInstitutionsOfYear(db: Db, filter: YearFilter, n: number): Promise<Ranked> {
  const years = wholeYears(filter);
  if (!years) throw new Error('topInstitutionsOfYear takes whole calendar years');
  const t = institutionYearTotals;
  const nextYear = addMonths(years.from, 12);
  const keys = (from: Day, end: Day) => and(gte(t.startsOn, from), lt(t.startsOn, end), eq(t.status, filter.status), eq(t.currency, filter.currency));
  const [oneYear, later] = await Promise.all([
    scopedRows(db, filter.scope, { institutionId: t.institutionId, amount: t.amount })
      .where(and(filter.scope ?? undefined, eq(t.startsOn, years.from), eq(t.status, filter.status), eq(t.currency, filter.currency)))
      .orderBy(desc(t.amount), asc(t.institutionId))
      .limit(n),
    dayBefore(nextYear, years.end) ? db.select({ one: sql`1` }).from(t).where(keys(nextYear, years.end)).limit(1) : Promise.resolve([]),
  ]);
  if (later.length === 0) return oneYear;
  const amount = sql<number>`sum(${t.amount})::bigint`.mapWith(Number);
  return scopedRows(db, filter.scope, { institutionId: t.institutionId, amount })
    .where(and(filter.scope ?? undefined, keys(years.from, years.end)))
    .groupBy(t.institutionId)
    .orderBy(desc(amount), asc(t.institutionId))
    .limit(n);
}

/** Columns of institution_year_totals, joined to institutions only when a scope reads it. */
function scopedRows<C extends { institutionId: typeof institutionYearTotals.institutionId; amount: typeof institutionYearTotals.amount | SQL<number> }>(db: Db, scope: SQL | null, columns: C) {
  const query = db.select(columns).from(institutionYearTotals).$dynamic();
  return scope === null ? query : query.innerJoin(institutions, eq(institutions.id, institutionYearTotals.institutionId));
}
