import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Day } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { collectionYearTotals } from '../../db/schema/read-model';
import { wholeYears } from '../read-model/totals';

type YearFilter = { scope: SQL | null; from: Day; to: Day; status: readonly string[]; currency: string };

/**
 * The dashboard's top institutions of whole calendar years, largest first (ties by id), from the year
 * rows (migration 0022). The database sums per institution and returns only `n`: the dashboard used
 * to fetch every institution's sums (10,070 rows at the default scale size, ten times as many at 10x)
 * to sort them itself. Read index-only from collection_year_totals_year_amounts (migration 0046).
 */
export async function topInstitutionsOfYear(db: Db, filter: YearFilter, n: number): Promise<Array<{ institutionId: number; amount: number }>> {
  const years = wholeYears(filter);
  if (!years) throw new Error('topInstitutionsOfYear takes whole calendar years');
  const t = collectionYearTotals;
  const amount = sql<number>`sum(${t.amount})::bigint`.mapWith(Number);
  const where = and(filter.scope ?? undefined, gte(t.startsOn, years.from), lt(t.startsOn, years.end), inArray(t.status, [...filter.status]), eq(t.currency, filter.currency));
  const query = db.select({ institutionId: t.institutionId, amount }).from(t).$dynamic();
  const scoped = filter.scope === null ? query : query.innerJoin(institutions, eq(institutions.id, t.institutionId));
  return scoped.where(where).groupBy(t.institutionId).orderBy(desc(amount), asc(t.institutionId)).limit(n);
}
