import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Day } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import type { RollupScope } from '../auth/scope';
import { offeringTypes } from '../../db/schema/members';
import { collectionTopRollup, offeringRollup, operatorRollup } from '../../db/schema/read-model-rollups';
import { executedRows } from '../desk/unnest-insert';
import { periodCondition } from './totals';
import { type TopTypes, topTypesOfWholeRow, wholeRowLessAhead } from './offering-type-top';
import { signedPeriods } from './signed-periods';

/**
 * Sums from the bank's rollups (migration 0043, ADR 066): per religion and bank branch, for a
 * caller whose scope is the whole bank, a religion or a branch and who chose no institution.
 * `scope` is a condition on the rollup read (auth/scope.ts rollupScope with that table).
 */
export type RollupFilter = { scope: SQL; from: Day; to: Day; currency: string; status?: readonly string[] };

const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/**
 * The offering shares per offering type over [from, to], with the type's title, read as signed day,
 * month and year rows (signed-periods.ts): about one row per type and piece, whatever the length of
 * the period. `today` (in the report's zone) says which rows can hold anything yet; it changes what
 * is read, never the sums. The titles come in the same query: a bank's scope names thousands of types.
 */
export async function offeringSharesByType(db: Db, filter: Omit<RollupFilter, 'status'>, today: Day) {
  const t = offeringRollup;
  const pieces = signedPieces(filter, today);
  if (!pieces) return [];
  return db
    .select({ offeringTypeId: t.offeringTypeId, title: sql<string>`coalesce(${offeringTypes.title}, '')`, church: pieces.signed(t.church), field: pieces.signed(t.field), union: pieces.signed(t.union) })
    .from(t)
    .leftJoin(offeringTypes, eq(offeringTypes.id, t.offeringTypeId))
    .where(pieces.where)
    .groupBy(t.offeringTypeId, offeringTypes.title);
}

/** The rows of offering_rollup that cover [from, to] in the filter's scope, and a signed sum over them (signed-periods.ts); null when none can. */
function signedPieces(filter: Omit<RollupFilter, 'status'>, today: Day) {
  const t = offeringRollup;
  const pieces = signedPeriods(filter.from, filter.to, today);
  if (pieces.length === 0) return null;
  const signOf = sql.join(
    pieces.map((p) => sql`when ${t.period} = ${p.period} and ${t.startsOn} between ${p.first} and ${p.last} then ${sql.raw(String(p.sign))}`),
    sql` `,
  );
  const inPieces = sql.join(
    pieces.map((p) => sql`(${t.period} = ${p.period} and ${t.startsOn} between ${p.first} and ${p.last})`),
    sql` or `,
  );
  return {
    where: and(filter.scope, eq(t.currency, filter.currency), sql`(${inPieces})`) as SQL,
    signed: (column: unknown) => sql<number>`coalesce(sum((case ${signOf} end) * ${column}), 0)::bigint`.mapWith(Number),
  };
}

export type ShareSums = { types: number; church: number; field: number; union: number };

/**
 * The offering types that can rank among the first `n` by total share (every type whose total is at
 * least the n-th largest, so ties at the cut come too), with titles, and the sums over every type
 * with a share: what a top-n and an "other" row need, without sending a bank's thousands of types
 * (60,064 at 10x) to the process. Types whose shares are all zero are left out, as the ranking does.
 */
export async function offeringTypeRankingByType(db: Db, scopeOf: RollupScope, period: { from: Day; to: Day; currency: string }, today: Day, n: number): Promise<TopTypes> {
  // A whole week, month or year so far (the dashboard's, most reports'): read in total order, not every type (offering-type-top.ts).
  const whole = wholeRowLessAhead(period.from, period.to, today);
  if (whole) return topTypesOfWholeRow(db, scopeOf, period.currency, whole, n);
  const t = offeringRollup;
  const pieces = signedPieces({ ...period, scope: scopeOf(t) }, today);
  if (!pieces) return { candidates: [], all: { types: 0, church: 0, field: 0, union: 0 } };
  const perType = sql`select ${t.offeringTypeId} as id, ${pieces.signed(t.church)} as church, ${pieces.signed(t.field)} as field, ${pieces.signed(t.union)} as "union"
    from ${t} where ${pieces.where} group by ${t.offeringTypeId}`;
  const rows = executedRows<{ id: number | null; title: string | null; church: string; field: string; union: string; types: string }>(
    await db.execute(sql`with per_type as materialized (
        select id, church, field, "union", church + field + "union" as total from (${perType}) s where church <> 0 or field <> 0 or "union" <> 0
      ), cut as (select total from per_type order by total desc offset ${n - 1} limit 1)
      select p.id, coalesce(o.title, '') as title, p.church, p.field, p."union", 0 as types
        from per_type p left join offering_types o on o.id = p.id
        where p.total >= coalesce((select total from cut), p.total)
      union all
      select null, null, coalesce(sum(church), 0), coalesce(sum(field), 0), coalesce(sum("union"), 0), count(*) from per_type`),
  );
  const sums = rows.find((row) => row.id === null);
  return {
    candidates: rows.filter((row) => row.id !== null).map((row) => ({ offeringTypeId: Number(row.id), title: row.title ?? '', church: Number(row.church), field: Number(row.field), union: Number(row.union) })),
    all: { types: Number(sums?.types ?? 0), church: Number(sums?.church ?? 0), field: Number(sums?.field ?? 0), union: Number(sums?.union ?? 0) } satisfies ShareSums,
  };
}

/** Givings that name a network operator, per operator (operator_totals' figures, summed per religion and branch). */
export async function operatorRollupTotals(db: Db, filter: RollupFilter) {
  const t = operatorRollup;
  return db
    .select({ operator: t.operator, transactions: sumOf(t.transactions), amount: sumOf(t.amount), fee: sumOf(t.fee) })
    .from(t)
    .where(and(filter.scope, periodCondition(t, filter, false), eq(t.currency, filter.currency), filter.status ? inArray(t.status, [...filter.status]) : undefined))
    .groupBy(t.operator);
}

/** Givings per top of the tree (collection_totals' figures, summed per religion, branch and top institution). */
export async function topRollupTotals(db: Db, filter: RollupFilter) {
  const t = collectionTopRollup;
  return db
    .select({ topId: t.topId, transactions: sumOf(t.transactions), amount: sumOf(t.amount), fee: sumOf(t.fee) })
    .from(t)
    .where(and(filter.scope, periodCondition(t, filter, false), eq(t.currency, filter.currency), filter.status ? inArray(t.status, [...filter.status]) : undefined))
    .groupBy(t.topId);
}
