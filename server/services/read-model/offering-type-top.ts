import { and, eq, type SQL, sql } from 'drizzle-orm';
import { addDays, type Day, weekStart } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { offeringRollup } from '../../db/schema/read-model-rollups';
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

type Candidate = { id: number; title: string | null; w_church: string; w_field: string; w_union: string; a_church: string; a_field: string; a_union: string };
type Whole = { types: string; church: string; field: string; union: string };

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
 * type are the whole rows' less what lies ahead (one pass over the row's entries, no grouping or sort).
 */
export async function topTypesOfWholeRow(db: Db, scope: SQL, currency: string, cover: { row: RowRange; ahead: RowRange[] }, n: number): Promise<TopTypes> {
  const t = offeringRollup;
  const total = sql`(${t.church} + ${t.field} + ${t.union})`;
  const whole = and(eq(t.period, cover.row.period), eq(t.startsOn, cover.row.first), eq(t.currency, currency), scope) as SQL;
  const aheadRows =
    cover.ahead.length === 0
      ? sql`false`
      : sql.join(
          cover.ahead.map((p) => sql`(${t.period} = ${p.period} and ${t.startsOn} between ${p.first} and ${p.last})`),
          sql` or `,
        );
  const [candidates, sums] = await Promise.all([
    db.execute(sql`with ahead as materialized (
        select ${t.offeringTypeId} as id, ${t.religionId} as religion_id, ${t.branchId} as branch_id,
               sum(${t.church}) as church, sum(${t.field}) as field, sum(${t.union}) as "union"
          from ${t} where ${scope} and ${t.currency} = ${currency} and (${aheadRows}) group by 1, 2, 3
      ), ranked as materialized (
        select ${t.offeringTypeId} as id, ${t.religionId} as religion_id, ${t.branchId} as branch_id, ${total} as total
          from ${t} where ${whole} order by ${total} desc limit ${n} + (select count(*) from ahead)
      ), tied as (
        select ${t.offeringTypeId} as id, ${t.religionId} as religion_id, ${t.branchId} as branch_id
          from ${t} where ${whole} and ${total} = (select min(total) from ranked)
      ), keys as (
        select id, religion_id, branch_id from ranked union select id, religion_id, branch_id from tied
        union select id, religion_id, branch_id from ahead
      )
      select k.id, o.title,
             coalesce(w.share_church, 0) as w_church, coalesce(w.share_field, 0) as w_field, coalesce(w.share_union, 0) as w_union,
             coalesce(a.church, 0) as a_church, coalesce(a.field, 0) as a_field, coalesce(a."union", 0) as a_union
        from keys k
        left join offering_rollup w on w.period = ${cover.row.period} and w.starts_on = ${cover.row.first} and w.currency = ${currency}
          and w.religion_id = k.religion_id and w.branch_id = k.branch_id and w.offering_type_id = k.id
        left join ahead a on a.id = k.id and a.religion_id = k.religion_id and a.branch_id = k.branch_id
        left join offering_types o on o.id = k.id`),
    db.execute(sql`select count(*) filter (where ${t.church} <> 0 or ${t.field} <> 0 or ${t.union} <> 0) as types,
        coalesce(sum(${t.church}), 0) as church, coalesce(sum(${t.field}), 0) as field, coalesce(sum(${t.union}), 0) as "union"
        from ${t} where ${whole}`),
  ]);
  const shares = (church: number, field: number, union: number) => ({ church, field, union, nonzero: church !== 0 || field !== 0 || union !== 0 });
  const rows = executedRows<Candidate>(candidates).map((row) => {
    const whole = shares(Number(row.w_church), Number(row.w_field), Number(row.w_union));
    const ahead = shares(Number(row.a_church), Number(row.a_field), Number(row.a_union));
    return { offeringTypeId: Number(row.id), title: row.title ?? '', whole, ahead, exact: shares(whole.church - ahead.church, whole.field - ahead.field, whole.union - ahead.union) };
  });
  const [sum] = executedRows<Whole>(sums);
  const all = { types: Number(sum?.types ?? 0), church: Number(sum?.church ?? 0), field: Number(sum?.field ?? 0), union: Number(sum?.union ?? 0) };
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
