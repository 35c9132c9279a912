import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { dayOf, windowStartDay } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import { collectionRollup } from '../../db/schema/read-model';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope, isUnscoped, rollupScope } from '../auth/scope';
import { collectionTotalsBy, rollupTotalsBy, type TotalsFilter } from '../read-model/totals';
import { type TransactionFilters, transactionConditions, underInstitution } from './transaction-queries';

export type CurrencyTotal = { currency: string; amount: number; fee: number; count: number };

/**
 * The transactions list's per-currency totals over everything that matches (ADR 062).
 *
 * When every filter is one the read model keeps (period, institution scope and subtree, branch,
 * religion, status, method) they are sums of `collection_totals` (or, for the bank, a religion or
 * a branch, of `collection_rollup`): a few thousand rows instead of every transaction of the
 * range. The read model counts a giving on its day in its institution's own time zone while the
 * list cuts days in `timeZone` (the chosen institution's, else the caller's: viewZone, ADR 077),
 * so institutions in another zone are summed exactly from `transactions` (none in a bank that
 * serves one country: one indexed look-up says so).
 *
 * A search term, an operator or an offering type (a transaction counted whole when one of its lines
 * has it) is not in the read model: those totals are an exact sum over the
 * matching transactions, bounded by what the filter matches (the search's prefix and trigram
 * indexes, the range's index).
 */
export async function transactionTotals(db: Db, user: AuthUser, q: TransactionFilters, now: Date, timeZone: string): Promise<CurrencyTotal[]> {
  if (q.search !== undefined || q.operator !== undefined || q.offeringTypeId !== undefined) return exactTotals(db, user, q, now, timeZone, undefined);
  const institutionFilter = and(
    institutionScope(user),
    underInstitution(q.institutionId),
    q.branchId === undefined ? undefined : q.branchId === 0 ? sql`${institutions.branchId} is null` : eq(institutions.branchId, q.branchId),
    q.religionId === undefined ? undefined : eq(institutions.religionId, q.religionId),
  ) as SQL;
  const otherZone = ne(institutions.timeZone, timeZone);
  const [elsewhere] = await db.select({ id: institutions.id }).from(institutions).where(and(institutionFilter, otherZone)).limit(1);
  const today = dayOf(now, timeZone);
  const period: Pick<TotalsFilter, 'from' | 'to'> = q.range === 'custom' && q.from && q.to ? { from: q.from, to: q.to } : { from: windowStartDay(q.range === 'custom' ? '1m' : q.range, today), to: today };
  const keys = { ...period, status: q.status === 'all' ? undefined : [q.status], method: q.method ? [q.method] : undefined };
  if (!elsewhere) {
    const rollup = q.institutionId === undefined ? rollupScope(user) : null;
    const rows = rollup
      ? await rollupTotalsBy(db, { ...keys, scope: and(rollup, rollupInstitutionFilter(q)) as SQL }, ['currency'])
      : await collectionTotalsBy(db, { ...keys, scope: isUnscoped(user) && q.institutionId === undefined && q.branchId === undefined && q.religionId === undefined ? null : institutionFilter }, ['currency']);
    return asTotals(rows);
  }
  const [modelled, exact] = await Promise.all([
    collectionTotalsBy(db, { ...keys, scope: and(institutionFilter, eq(institutions.timeZone, timeZone)) as SQL }, ['currency']),
    exactTotals(db, user, q, now, timeZone, otherZone),
  ]);
  return mergeTotals([...asTotals(modelled), ...exact]);
}

/** The branch and religion filters as conditions on the rollup's own columns (branch 0: none). */
function rollupInstitutionFilter(q: TransactionFilters): SQL | undefined {
  return and(
    q.branchId === undefined ? undefined : eq(collectionRollup.branchId, q.branchId),
    q.religionId === undefined ? undefined : eq(collectionRollup.religionId, q.religionId),
  );
}

/** Sums over the matching transactions themselves; `extra` narrows the institutions (another zone). */
async function exactTotals(db: Db, user: AuthUser, q: TransactionFilters, now: Date, timeZone: string, extra: SQL | undefined): Promise<CurrencyTotal[]> {
  const query = db
    .select({
      currency: transactions.currency,
      amount: sql<number>`coalesce(sum(${transactions.amount}), 0)`.mapWith(Number),
      fee: sql<number>`coalesce(sum(${transactions.fee}), 0)`.mapWith(Number),
      count: count(),
    })
    .from(transactions)
    .$dynamic();
  // Joined only when a condition reads it, so an unscoped admin's sum stays an index-only scan of the range (migration 0024).
  const needsInstitutions = extra !== undefined || !isUnscoped(user) || q.institutionId !== undefined || q.branchId !== undefined || q.religionId !== undefined;
  const joined = needsInstitutions ? query.innerJoin(institutions, eq(institutions.id, transactions.institutionId)) : query;
  return joined
    .where(and(transactionConditions(user, q, now, timeZone), extra))
    .groupBy(transactions.currency)
    .orderBy(transactions.currency);
}

function asTotals(rows: Array<{ currency?: string; transactions: number; amount: number; fee: number }>): CurrencyTotal[] {
  return mergeTotals(rows.map((row) => ({ currency: row.currency ?? '', amount: row.amount, fee: row.fee, count: row.transactions })));
}

/** One row per currency, in currency order, without currencies that sum to nothing (all-zero read-model rows). */
function mergeTotals(rows: CurrencyTotal[]): CurrencyTotal[] {
  const byCurrency = new Map<string, CurrencyTotal>();
  for (const row of rows) {
    const sum = byCurrency.get(row.currency) ?? { currency: row.currency, amount: 0, fee: 0, count: 0 };
    byCurrency.set(row.currency, { currency: row.currency, amount: sum.amount + row.amount, fee: sum.fee + row.fee, count: sum.count + row.count });
  }
  return [...byCurrency.values()].filter((row) => row.count !== 0).sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}
