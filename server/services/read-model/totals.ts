import { and, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { addDays, addMonths, type Day, dayBefore } from '../../../domain/calendar';
import { type SignedPeriod, signedPeriods } from './signed-periods';
import type { Db } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { institutions } from '../../db/schema/institutions';
import { collectionRollup, collectionTotals, collectionYearTotals, offeringTotals, operatorTotals } from '../../db/schema/read-model';
import type { collectionTopRollup } from '../../db/schema/read-model-rollups';

/**
 * Sums from the read model (ADR 030): "for the institutions matching `scope` (a condition on
 * `institutions`, e.g. institutionScope(user) and a subtree), between two days, grouped by …".
 * Full calendar months inside the period are read from the month rows and only the ragged
 * edges from the day rows, so a year for a union of a thousand churches reads ~12 rows per
 * church and key instead of ~365. Days are calendar days in each institution's own zone.
 */
export type TotalsDimension = 'day' | 'month' | 'institution' | 'method' | 'status' | 'currency';
export type OfferingDimension = TotalsDimension | 'offeringType';

export type TotalsFilter = {
  /**
   * A condition on `institutions` (the query joins it): the caller's scope, a subtree, a branch, …
   * null: every institution (a bank admin before choosing a religion), without the join.
   */
  scope: SQL | null;
  /** First and last day, both inclusive ("YYYY-MM-DD"). Omit both for all time. */
  from?: Day;
  to?: Day;
  status?: readonly string[];
  method?: readonly string[];
  currency?: string;
  /**
   * Today in the viewer's zone. With it, totals not grouped by day or month read a period as whole
   * year and month rows less the rows outside it (signed-periods.ts, ADR 080): "this month so far"
   * for a union of 2,000 churches is one month row per church and key instead of up to 31 day rows.
   */
  today?: Day;
};

export type TotalsKey = { day?: Day; month?: string; institutionId?: number; method?: string; status?: string; currency?: string };
export type CollectionRow = TotalsKey & { transactions: number; amount: number; fee: number };
export type OfferingRow = TotalsKey & { offeringTypeId?: number; amount: number; church: number; field: number; union: number };

type Table = typeof collectionTotals | typeof offeringTotals | typeof collectionRollup | typeof collectionTopRollup;
/** Every table with day and month rows (the bank's rollups too, read-model-rollups.ts). */
type PeriodTable = { period: AnyPgColumn; startsOn: AnyPgColumn };
type KeyedTable = Table | typeof collectionYearTotals;

/**
 * [from, to] as whole calendar years (from a 1 January to a 31 December, or the open end
 * 9999-12-31): the first day and the day after the last; null otherwise.
 */
export function wholeYears(filter: Pick<TotalsFilter, 'from' | 'to'>): { from: Day; end: Day } | null {
  const { from, to } = filter;
  if (!from || !to || !from.endsWith('-01-01')) return null;
  const end = addDays(to, 1);
  return end.endsWith('-01-01') ? { from, end } : null;
}

/** Which rows cover [from, to]: day rows only when grouping by day, else month rows for whole months. */
export function periodCondition(table: PeriodTable, filter: Pick<TotalsFilter, 'from' | 'to'>, byDay: boolean): SQL {
  const { from, to } = filter;
  if (!from || !to) return eq(table.period, byDay ? 'day' : 'month');
  const days = (start: Day, last: Day) => and(eq(table.period, 'day'), gte(table.startsOn, start), lte(table.startsOn, last)) as SQL;
  if (byDay) return days(from, to);
  const firstFull = from.endsWith('-01') ? from : `${addMonths(from, 1).slice(0, 7)}-01`;
  const afterTo = addDays(to, 1);
  const endFull = afterTo.endsWith('-01') ? afterTo : `${to.slice(0, 7)}-01`;
  // dayBefore, not <: up to the open end (9999-12-31) endFull is 10000-01-01, and as text that sorted
  // first, so an open-ended period read every day row instead of its months (ADR 070).
  if (!dayBefore(firstFull, endFull)) return days(from, to);
  const parts: SQL[] = [and(eq(table.period, 'month'), gte(table.startsOn, firstFull), lt(table.startsOn, endFull)) as SQL];
  if (dayBefore(from, firstFull)) parts.push(days(from, addDays(firstFull, -1)));
  if (!dayBefore(to, endFull)) parts.push(days(endFull, to));
  return or(...parts) as SQL;
}

/** More keys, named by the caller: columns of `institutions` (branchId, religionId, …) or expressions on them. */
export type ExtraKeys = Record<string, SQL | AnyPgColumn>;

function keyColumns(table: KeyedTable, groupBy: readonly OfferingDimension[], extra: ExtraKeys) {
  const columns: Record<string, SQL | AnyPgColumn> = { ...extra };
  for (const dimension of groupBy) {
    if (dimension === 'day') columns.day = sql<string>`to_char(${table.startsOn}, 'YYYY-MM-DD')`;
    else if (dimension === 'month') columns.month = sql<string>`to_char(${table.startsOn}, 'YYYY-MM')`;
    else if (dimension === 'institution' && 'institutionId' in table) columns.institutionId = table.institutionId;
    else if (dimension === 'offeringType' && 'offeringTypeId' in table) columns.offeringTypeId = table.offeringTypeId;
    else if (dimension === 'method') columns.method = table.method;
    else if (dimension === 'status') columns.status = table.status;
    else if (dimension === 'currency') columns.currency = table.currency;
  }
  return columns;
}

function conditions(table: Table, filter: Omit<TotalsFilter, 'scope'> & { scope: SQL | null }, byDay: boolean): SQL {
  return and(
    filter.scope ?? undefined,
    periodCondition(table, filter, byDay),
    filter.status ? inArray(table.status, [...filter.status]) : undefined,
    filter.method ? inArray(table.method, [...filter.method]) : undefined,
    filter.currency ? eq(table.currency, filter.currency) : undefined,
  ) as SQL;
}

const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/**
 * How many transactions, their gross and fees, per the requested keys. A period of whole calendar
 * years not grouped by day or month reads the year rows (migration 0022): one per institution and
 * key instead of twelve month rows.
 */
export async function collectionTotalsBy(db: Db, filter: TotalsFilter, groupBy: readonly TotalsDimension[], extra: ExtraKeys = {}): Promise<Array<CollectionRow & Record<string, unknown>>> {
  const byPeriod = groupBy.includes('day') || groupBy.includes('month');
  if (!byPeriod && filter.today && filter.from && filter.to) return signedCollectionTotals(db, filter as SignedFilter, groupBy, extra);
  const years = byPeriod ? null : wholeYears(filter);
  if (!years) return sumPerKeys(db, collectionTotals, conditions(collectionTotals, filter, groupBy.includes('day')), filter, groupBy, extra);
  const t = collectionYearTotals;
  const where = and(
    filter.scope ?? undefined,
    gte(t.startsOn, years.from),
    lt(t.startsOn, years.end),
    filter.status ? inArray(t.status, [...filter.status]) : undefined,
    filter.method ? inArray(t.method, [...filter.method]) : undefined,
    filter.currency ? eq(t.currency, filter.currency) : undefined,
  );
  return sumPerKeys(db, t, where, filter, groupBy, extra);
}

type SignedFilter = TotalsFilter & { from: Day; to: Day; today: Day };

/**
 * collectionTotalsBy over signed pieces of the period (signed-periods.ts): the year pieces from
 * collection_year_totals, the month and day pieces from collection_totals, each row's measures times
 * its piece's sign, then added per key. Exact: a year row is its months' sum and a month row its
 * days', and the pieces count each day of [from, to] once.
 */
async function signedCollectionTotals(db: Db, filter: SignedFilter, groupBy: readonly TotalsDimension[], extra: ExtraKeys): Promise<Array<CollectionRow & Record<string, unknown>>> {
  const pieces = signedPeriods(filter.from, filter.to, filter.today);
  const yearPieces = pieces.filter((piece) => piece.period === 'year');
  const otherPieces = pieces.filter((piece) => piece.period !== 'year');
  const common = (t: typeof collectionTotals | typeof collectionYearTotals) =>
    [
      filter.scope ?? undefined,
      filter.status ? inArray(t.status, [...filter.status]) : undefined,
      filter.method ? inArray(t.method, [...filter.method]) : undefined,
      filter.currency ? eq(t.currency, filter.currency) : undefined,
    ] as const;
  const reads: Array<Promise<Array<CollectionRow & Record<string, unknown>>>> = [];
  if (yearPieces.length > 0) {
    const t = collectionYearTotals;
    const sign = signOf(yearPieces.map((piece) => ({ when: sql`${t.startsOn} between ${piece.first} and ${piece.last}`, sign: piece.sign })));
    const inPieces = or(...yearPieces.map((piece) => sql`${t.startsOn} between ${piece.first} and ${piece.last}`));
    reads.push(sumPerKeys(db, t, and(...common(t), inPieces), filter, groupBy, extra, sign));
  }
  if (otherPieces.length > 0) {
    const t = collectionTotals;
    const match = (piece: SignedPeriod) => sql`${t.period} = ${piece.period} and ${t.startsOn} between ${piece.first} and ${piece.last}`;
    const sign = signOf(otherPieces.map((piece) => ({ when: match(piece), sign: piece.sign })));
    reads.push(sumPerKeys(db, t, and(...common(t), or(...otherPieces.map((piece) => sql`(${match(piece)})`))), filter, groupBy, extra, sign));
  }
  return addPerKey((await Promise.all(reads)).flat(), ['transactions', 'amount', 'fee']);
}

/** `case when … then ±1 … end`: the sign of the piece a row belongs to (the pieces do not overlap). */
function signOf(cases: Array<{ when: SQL; sign: 1 | -1 }>): SQL {
  return sql`(case ${sql.join(
    cases.map((c) => sql`when ${c.when} then ${sql.raw(String(c.sign))}`),
    sql` `,
  )} end)`;
}

/** Rows of the same keys added together: the signed pieces of two tables answer the same keys. Keys whose sums are all zero stay (a day's givings less the same day is zero, as a plain read of nothing would give no row). */
function addPerKey<Row extends Record<string, unknown>>(rows: Row[], measures: readonly string[]): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const key = JSON.stringify(Object.entries(row).filter(([name]) => !measures.includes(name)));
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { ...row });
    else for (const name of measures) (seen as Record<string, unknown>)[name] = Number(seen[name]) + Number(row[name]);
  }
  return [...byKey.values()].filter((row) => measures.some((name) => Number(row[name]) !== 0));
}

/** The sums of month (or year) rows per key; institutions is joined only when a scope or an extra key reads it. */
async function sumPerKeys(
  db: Db,
  t: typeof collectionTotals | typeof collectionYearTotals,
  where: SQL | undefined,
  filter: TotalsFilter,
  groupBy: readonly TotalsDimension[],
  extra: ExtraKeys,
  /** Each row's sign (signed pieces of a period); every row counts once without it. */
  sign?: SQL,
): Promise<Array<CollectionRow & Record<string, unknown>>> {
  const keys = keyColumns(t, groupBy, extra);
  const groups = Object.values(keys);
  const measure = (column: unknown) => (sign ? sumOf(sql`${sign} * ${column}`) : sumOf(column));
  const query = db
    .select({ ...keys, transactions: measure(t.transactions), amount: measure(t.amount), fee: measure(t.fee) })
    .from(t)
    .$dynamic();
  const joined = filter.scope === null && Object.keys(extra).length === 0 ? query : query.innerJoin(institutions, eq(institutions.id, t.institutionId));
  const filtered = joined.where(where);
  return (groups.length > 0 ? await filtered.groupBy(...groups) : await filtered) as Array<CollectionRow & Record<string, unknown>>;
}

/**
 * The same sums from the unscoped rollup (migration 0018: per religion and bank branch, no
 * institution), for callers whose scope is the whole bank, a religion or a branch
 * (`rollupScope(user)`). Extra keys are its own columns (religionId, branchId: 0 when none).
 */
export async function rollupTotalsBy(
  db: Db,
  filter: Omit<TotalsFilter, 'scope'> & { scope: SQL },
  groupBy: ReadonlyArray<Exclude<TotalsDimension, 'institution'>>,
  extra: ExtraKeys = {},
  /** collection_top_rollup instead, for one top of the tree's subtree (its scope names top_id). */
  t: typeof collectionRollup | typeof collectionTopRollup = collectionRollup,
): Promise<Array<CollectionRow & Record<string, unknown>>> {
  const keys = keyColumns(t, groupBy, extra);
  const groups = Object.values(keys);
  const query = db
    .select({ ...keys, transactions: sumOf(t.transactions), amount: sumOf(t.amount), fee: sumOf(t.fee) })
    .from(t)
    .where(conditions(t, filter, groupBy.includes('day')));
  return (groups.length > 0 ? await query.groupBy(...groups) : await query) as Array<CollectionRow & Record<string, unknown>>;
}

/** Offering lines' gross and the church / field / union shares the ledger credited, per the requested keys. */
export async function offeringTotalsBy(db: Db, filter: TotalsFilter, groupBy: readonly OfferingDimension[], extra: ExtraKeys = {}): Promise<Array<OfferingRow & Record<string, unknown>>> {
  const t = offeringTotals;
  const keys = keyColumns(t, groupBy, extra);
  const groups = Object.values(keys);
  const query = db
    .select({ ...keys, amount: sumOf(t.amount), church: sumOf(t.church), field: sumOf(t.field), union: sumOf(t.union) })
    .from(t)
    .$dynamic();
  const joined = filter.scope === null && Object.keys(extra).length === 0 ? query : query.innerJoin(institutions, eq(institutions.id, t.institutionId));
  const where = joined.where(conditions(t, filter, groupBy.includes('day')));
  return (groups.length > 0 ? await where.groupBy(...groups) : await where) as Array<OfferingRow & Record<string, unknown>>;
}

export type OperatorRow = { operator: string; day?: Day; month?: string; institutionId?: number; status?: string; currency?: string; transactions: number; amount: number; fee: number };

/**
 * Givings that name a network operator (mobile money), per operator and the requested keys, from
 * operator_totals (migration 0040, ADR 065): the same day and month rows and period rule as
 * collectionTotalsBy, so a figure by operator and one by method of the same period add up alike.
 */
export async function operatorTotalsBy(
  db: Db,
  filter: Omit<TotalsFilter, 'method'>,
  groupBy: ReadonlyArray<'day' | 'month' | 'institution' | 'status' | 'currency'> = [],
): Promise<OperatorRow[]> {
  const t = operatorTotals;
  const byDay = groupBy.includes('day');
  const keys: Record<string, SQL | AnyPgColumn> = { operator: t.operator };
  if (byDay) keys.day = sql<string>`to_char(${t.startsOn}, 'YYYY-MM-DD')`;
  if (groupBy.includes('month')) keys.month = sql<string>`to_char(${t.startsOn}, 'YYYY-MM')`;
  if (groupBy.includes('institution')) keys.institutionId = t.institutionId;
  if (groupBy.includes('status')) keys.status = t.status;
  if (groupBy.includes('currency')) keys.currency = t.currency;
  const query = db
    .select({ ...keys, transactions: sumOf(t.transactions), amount: sumOf(t.amount), fee: sumOf(t.fee) })
    .from(t)
    .$dynamic();
  const joined = filter.scope === null ? query : query.innerJoin(institutions, eq(institutions.id, t.institutionId));
  const where = and(
    filter.scope ?? undefined,
    periodCondition(t, filter, byDay),
    filter.status ? inArray(t.status, [...filter.status]) : undefined,
    filter.currency ? eq(t.currency, filter.currency) : undefined,
  );
  return (await joined.where(where).groupBy(...Object.values(keys))) as OperatorRow[];
}
