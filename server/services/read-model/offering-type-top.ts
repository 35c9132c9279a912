import { and, eq, type SQL, sql } from 'drizzle-orm';
import { addDays, type Day, weekStart } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { offeringRollup, offeringRollupSums } from '../../db/schema/read-model-rollups';
import type { RollupScope } from '../auth/scope';
import { executedRows } from '../desk/unnest-insert';
import { type SignedPeriod, signedPeriods } from './signed-periods';

/** A range of rows to add or take away: signed-periods.ts's, or one week row (only this read uses them). */
export type RowRange = Omit<SignedPeriod, 'period'> & { period: SignedPeriod['period'] | 'week' };

/**
 * A period that is one whole week, month or year row of offering_rollup less only rows that begin
 * after `today` ("this week / month / year so far", or a whole past week, month or year): the rows
 * taken away hold nothing, or the odd receipt dated ahead. Null for any other period. A week is
 * Monday to Sunday (the dashboard's, domain/calendar.ts weekStart; the week rows' date_trunc('week')).
 */
export function wholeRowLessAhead(from: Day, to: Day, today: Day): { row: RowRange; ahead: RowRange[] } | null {
  const sunday = addDays(from, 6);
  if (weekStart(from) === from && to <= sunday && (to === sunday || to >= today)) {
    const row: RowRange = { period: 'week', first: from, last: from, sign: 1 };
    return { row, ahead: to === sunday ? [] : [{ period: 'day', first: addDays(to, 1), last: sunday, sign: -1 }] };
  }
  const pieces = signedPeriods(from, to, today);
  const added = pieces.filter((p) => p.sign === 1);
  const ahead = pieces.filter((p) => p.sign === -1);
  const row = added[0];
  if (added.length !== 1 || !row || row.period === 'day' || row.first !== row.last) return null;
  return ahead.every((p) => p.first > today) ? { row, ahead } : null;
}

type Candidate = { id: number; religion_id: number; branch_id: number; title: string | null; w_church: string; w_field: string; w_union: string };
type AheadRow = { id: number; religion_id: number; branch_id: number; church: string; field: string; union: string };
const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

export type TopTypes = {
  candidates: Array<{ offeringTypeId: number; title: string; church: number; field: number; union: number }>;
  all: { types: number; church: number; field: number; union: number };
};

/**
 * The first `n` offering types of one whole row less rows ahead (wholeRowLessAhead), without summing
 * every type: the week, month and year partitions are indexed by their total (migration 0048), so the
 * largest whole rows come first. A type with nothing ahead is ranked by its whole row as it is; the
 * few with something ahead are corrected and ranked with them. So the first n + (types ahead) whole
 * rows, the rows tied with the last of them, and the types ahead hold every type that can rank among
 * the first n, ties at the cut included: exactly what topOfferingTypes needs. The sums over every
 * type are the row's sums per religion and branch (offering_rollup_sums, migration 0050) less what lies ahead.
 */
export async function topTypesOfWholeRow(db: Db, scopeOf: RollupScope, currency: string, cover: { row: RowRange; ahead: RowRange[] }, n: number): Promise<TopTypes> {
  const t = offeringRollup;
  const scope = scopeOf(t);
  const s = offeringRollupSums;
  const total = sql`(${t.church} + ${t.field} + ${t.union})`;
  const whole = and(eq(t.period, cover.row.period), eq(t.startsOn, cover.row.first), eq(t.currency, currency), scope) as SQL;
  // What lies ahead first (a few rows, often none), so the ranked read's LIMIT is a number the planner
  // sees: with `n + (select count(*) ...)` it guessed a tenth of the partition and hashed every type's title.
  const ahead = cover.ahead.length === 0 ? [] : executedRows<AheadRow>(await db.execute(sql`
      select ${t.offeringTypeId} as id, ${t.religionId} as religion_id, ${t.branchId} as branch_id,
             sum(${t.church}) as church, sum(${t.field}) as field, sum(${t.union}) as "union"
        from ${t} where ${scope} and ${t.currency} = ${currency}
         and (${sql.join(cover.ahead.map((p) => sql`(${t.period} = ${p.period} and ${t.startsOn} between ${p.first} and ${p.last})`), sql` or `)})
       group by 1, 2, 3`));
  const aheadOf = new Map(ahead.map((row) => [`${row.id}/${row.religion_id}/${row.branch_id}`, row]));
  const list = (values: number[]) => `{${values.join(',')}}`;
  const [candidates, sums] = await Promise.all([
    db.execute(sql`with ranked as materialized (
        select ${t.offeringTypeId} as id, ${t.religionId} as religion_id, ${t.branchId} as branch_id, ${total} as total
          from ${t} where ${whole} order by ${total} desc limit ${sql.raw(String(n + ahead.length))}
      ), tied as (
        select ${t.offeringTypeId} as id, ${t.religionId} as religion_id, ${t.branchId} as branch_id
          from ${t} where ${whole} and ${total} = (select min(total) from ranked)
      ), keys as (
        select id, religion_id, branch_id from ranked union select id, religion_id, branch_id from tied
        union select * from unnest(${list(ahead.map((row) => Number(row.id)))}::integer[], ${list(ahead.map((row) => Number(row.religion_id)))}::integer[],
                                   ${list(ahead.map((row) => Number(row.branch_id)))}::integer[])
      )
      select k.id, k.religion_id, k.branch_id, o.title,
             coalesce(w.share_church, 0) as w_church, coalesce(w.share_field, 0) as w_field, coalesce(w.share_union, 0) as w_union
        from keys k
        left join offering_rollup w on w.period = ${cover.row.period} and w.starts_on = ${cover.row.first} and w.currency = ${currency}
          and w.religion_id = k.religion_id and w.branch_id = k.branch_id and w.offering_type_id = k.id
        left join offering_types o on o.id = k.id`),
    db
      .select({ types: sumOf(s.types), church: sumOf(s.church), field: sumOf(s.field), union: sumOf(s.union) })
      .from(s)
      .where(and(eq(s.period, cover.row.period), eq(s.startsOn, cover.row.first), eq(s.currency, currency), scopeOf(s))),
  ]);
  const shares = (church: number, field: number, union: number) => ({ church, field, union, nonzero: church !== 0 || field !== 0 || union !== 0 });
  const rows = executedRows<Candidate>(candidates).map((row) => {
    const whole = shares(Number(row.w_church), Number(row.w_field), Number(row.w_union));
    const after = aheadOf.get(`${row.id}/${row.religion_id}/${row.branch_id}`);
    const ahead = shares(Number(after?.church ?? 0), Number(after?.field ?? 0), Number(after?.union ?? 0));
    return { offeringTypeId: Number(row.id), title: row.title ?? '', whole, ahead, exact: shares(whole.church - ahead.church, whole.field - ahead.field, whole.union - ahead.union) };
  });
  const all = { ...(sums[0] ?? { types: 0, church: 0, field: 0, union: 0 }) };
  // Only the types with something ahead differ from their whole row: take what lies ahead away from the sums.
  for (const row of rows.filter((r) => r.ahead.nonzero)) {
    all.types += (row.exact.nonzero ? 1 : 0) - (row.whole.nonzero ? 1 : 0);
    all.church -= row.ahead.church;
    all.field -= row.ahead.field;
    all.union -= row.ahead.union;
  }
  return {
    candidates: rows
      .filter((row) => row.exact.nonzero)
      .map(({ offeringTypeId, title, exact }) => ({ offeringTypeId, title, church: exact.church, field: exact.field, union: exact.union })),
    all,
  };
}
