import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Day } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { offeringTypes } from '../../db/schema/members';
import { collectionTopRollup, offeringRollup, operatorRollup } from '../../db/schema/read-model-rollups';
import { periodCondition } from './totals';
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
  const pieces = signedPeriods(filter.from, filter.to, today);
  if (pieces.length === 0) return [];
  const signOf = sql.join(
    pieces.map((p) => sql`when ${t.period} = ${p.period} and ${t.startsOn} between ${p.first} and ${p.last} then ${sql.raw(String(p.sign))}`),
    sql` `,
  );
  const signed = (column: unknown) => sql<number>`coalesce(sum((case ${signOf} end) * ${column}), 0)::bigint`.mapWith(Number);
  const inPieces = sql.join(
    pieces.map((p) => sql`(${t.period} = ${p.period} and ${t.startsOn} between ${p.first} and ${p.last})`),
    sql` or `,
  );
  return db
    .select({ offeringTypeId: t.offeringTypeId, title: sql<string>`coalesce(${offeringTypes.title}, '')`, church: signed(t.church), field: signed(t.field), union: signed(t.union) })
    .from(t)
    .leftJoin(offeringTypes, eq(offeringTypes.id, t.offeringTypeId))
    .where(and(filter.scope, eq(t.currency, filter.currency), sql`(${inPieces})`))
    .groupBy(t.offeringTypeId, offeringTypes.title);
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
