import { and, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Day } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { offeringTypes } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import { collectionRollup } from '../../db/schema/read-model';
import { collectionTopRollup, offeringRollup, operatorRollup } from '../../db/schema/read-model-rollups';
import type { RollupColumns, RollupScope } from '../auth/scope';
import { offeringSharesByType, offeringTypeRankingByType, operatorRollupTotals, type RollupFilter, type ShareSums, topRollupTotals } from '../read-model/bank-rollups';
import { collectionTotalsBy, offeringTotalsBy, operatorTotalsBy, rollupTotalsBy, type TotalsFilter } from '../read-model/totals';

/**
 * The one place statistics and reports read money from: the read model of the money (ADR 030,
 * services/read-model/totals.ts), whose day and month rows agree with the ledger to the shilling
 * (its own property test, and this module's in stats-offerings-report.test.ts).
 *
 * A giving counts on the day it was received (`transactions.received_at`: the service day of a cash
 * receipt, the start of an online payment) in its institution's zone, so a report never moves a
 * Sunday collection to the day the treasurer's phone came back online. Shares are the ledger's
 * credits net of its debits on the `share:*` accounts: fees are already out, a reversal cancels
 * what it reverses.
 */
export type GivingFilter = {
  /** The caller's scope, a condition on `institutions` (services/auth/scope.ts). */
  scope: SQL;
  /**
   * The same scope on the rollups (auth/scope.ts rollupScopeOf) when the caller is bank staff: with
   * no institution chosen, their figures are read per religion and branch (ADR 066), not per
   * institution. Null for entity users.
   */
  rollup: RollupScope | null;
  /** Only givings to this institution or one below it (its materialised path), when one is chosen. */
  underPath: string | null;
  /** First and last day, both inclusive. */
  from: Day;
  to: Day;
  /** The same period as instants in the report's zone, for what the read model does not keep (who gave). */
  start: Date;
  end: Date;
  currency: string;
  /**
   * Today in the report's zone by the app clock (ctx.now()): it decides which rollup rows are read
   * (never the sums), so a test clock and the server agree with every other page on the day.
   */
  today: Day;
};

export type ShareSumRow = { offeringTypeId: number; title: string; church: number; field: number; union: number };
export type Collected = { amount: number; count: number };

function subtree(filter: GivingFilter): SQL | undefined {
  // Paths are built from integer ids ("/1/4/9/"): no LIKE wildcards can hide in them.
  return filter.underPath && /^(\/\d+)+\/$/.test(filter.underPath) ? like(institutions.path, `${filter.underPath}%`) : undefined;
}

function totalsFilter(filter: GivingFilter, completedOnly: boolean): TotalsFilter {
  return { scope: and(filter.scope, subtree(filter)) as SQL, from: filter.from, to: filter.to, today: filter.today, currency: filter.currency, ...(completedOnly ? { status: ['completed'] } : {}) };
}

/** The filter on one rollup when the figures may come from it (bank staff, no institution chosen), else null. */
function bankRollupFilter(filter: GivingFilter, table: RollupColumns, completedOnly: boolean): RollupFilter | null {
  if (!filter.rollup || filter.underPath) return null;
  return { scope: filter.rollup(table), from: filter.from, to: filter.to, currency: filter.currency, ...(completedOnly ? { status: ['completed'] } : {}) };
}

/** Per offering type: what the ledger credited to each share for the givings the filter selects. */
export async function shareSumsByOfferingType(db: Db, filter: GivingFilter): Promise<ShareSumRow[]> {
  const bank = bankRollupFilter(filter, offeringRollup, false);
  // Today only decides which rollup rows are read (signed-periods.ts), never the sums.
  if (bank) return offeringSharesByType(db, bank, filter.today);
  const rows = await offeringTotalsBy(db, totalsFilter(filter, false), ['offeringType']);
  const ids = rows.map((row) => row.offeringTypeId).filter((id): id is number => id !== undefined);
  if (ids.length === 0) return [];
  // One array parameter: a scope may name thousands of types, and as many parameters cost more than the query.
  const idList = `{${ids.join(',')}}`;
  const titles = new Map((await db.select({ id: offeringTypes.id, title: offeringTypes.title }).from(offeringTypes).where(sql`${offeringTypes.id} = any(${idList}::integer[])`)).map((row) => [row.id, row.title]));
  return rows.map((row) => ({ offeringTypeId: row.offeringTypeId!, title: titles.get(row.offeringTypeId!) ?? '', church: row.church, field: row.field, union: row.union }));
}

/**
 * The candidates for the first `n` offering types by share and the sums over every type (see
 * topOfferingTypes): ranked by the database from the bank's rollup, else every type of the scope
 * (an institution's subtree names a few hundred).
 */
export async function offeringTypeRanking(db: Db, filter: GivingFilter, n: number): Promise<{ candidates: ShareSumRow[]; all?: ShareSums }> {
  if (filter.rollup && !filter.underPath) return offeringTypeRankingByType(db, filter.rollup, filter, filter.today, n);
  return { candidates: await shareSumsByOfferingType(db, filter) };
}

/** Completed givings (gross, as given) in the filter: one total. */
export async function collectedTotal(db: Db, filter: GivingFilter): Promise<Collected> {
  const bank = bankRollupFilter(filter, collectionRollup, true);
  const [row] = bank ? await rollupTotalsBy(db, bank, []) : await collectionTotalsBy(db, totalsFilter(filter, true), []);
  return { amount: row?.amount ?? 0, count: row?.transactions ?? 0 };
}

/** Completed givings per payment method. */
export async function collectedByMethod(db: Db, filter: GivingFilter): Promise<Array<Collected & { method: string }>> {
  const bank = bankRollupFilter(filter, collectionRollup, true);
  const rows = bank ? await rollupTotalsBy(db, bank, ['method']) : await collectionTotalsBy(db, totalsFilter(filter, true), ['method']);
  return rows.filter((row) => row.transactions !== 0).map((row) => ({ method: row.method!, amount: row.amount, count: row.transactions }));
}

/** Completed givings per network operator (mobile money; the other methods name none), from operator_totals (or its rollup). */
export async function collectedByOperator(db: Db, filter: GivingFilter): Promise<Array<Collected & { operator: string }>> {
  const bank = bankRollupFilter(filter, operatorRollup, true);
  const rows = bank ? await operatorRollupTotals(db, bank) : await operatorTotalsBy(db, totalsFilter(filter, true));
  return rows.filter((row) => row.transactions !== 0).map((row) => ({ operator: row.operator, amount: row.amount, count: row.transactions }));
}

/**
 * Completed givings per institution one level below `underPath` (each child's whole subtree), keyed by
 * the child's id read from the path; with no path, per top of the caller's scope (`children`, from
 * childrenOf): a bank user's unions, read from the rollup by top of the tree. A branch officer's tops
 * need not be tops of the tree (a church banking at their branch under a union banking elsewhere):
 * the rollup keys that church's givings by the union, so then the scope's rows are read per
 * institution and each child takes the rows of its subtree.
 */
export async function collectedByChild(db: Db, filter: GivingFilter, children: ReadonlyArray<{ id: number; path: string }>): Promise<Map<number, Collected>> {
  const bank = bankRollupFilter(filter, collectionTopRollup, true);
  if (bank && children.every((child) => child.path === `/${child.id}/`)) {
    return new Map((await topRollupTotals(db, bank)).map((row) => [row.topId, { amount: row.amount, count: row.transactions }]));
  }
  if (bank) {
    const rows = await collectionTotalsBy(db, totalsFilter(filter, true), [], { path: institutions.path });
    const sums = new Map<number, Collected>();
    for (const child of children) {
      const under = rows.filter((row) => String(row.path).startsWith(child.path));
      sums.set(child.id, { amount: under.reduce((sum, row) => sum + row.amount, 0), count: under.reduce((sum, row) => sum + row.transactions, 0) });
    }
    return sums;
  }
  const depth = filter.underPath ? filter.underPath.split('/').filter(Boolean).length : 0;
  // A literal, not a parameter: GROUP BY must see the same expression as SELECT.
  const child = sql<string>`split_part(${institutions.path}, '/', ${sql.raw(String(depth + 2))})`;
  const rows = await collectionTotalsBy(db, totalsFilter(filter, true), [], { child });
  return new Map(rows.filter((row) => row.child !== '').map((row) => [Number(row.child), { amount: row.amount, count: row.transactions }]));
}

/** Distinct members who gave (completed) in the filter: not in the read model, so from transactions (institution, received_at index). */
export async function membersWhoGave(db: Db, filter: GivingFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${transactions.memberId})::int`.mapWith(Number) })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(
      and(
        filter.scope,
        subtree(filter),
        eq(transactions.status, 'completed'),
        eq(transactions.currency, filter.currency),
        gte(transactions.receivedAt, filter.start),
        lt(transactions.receivedAt, filter.end),
      ),
    );
  return row?.n ?? 0;
}
