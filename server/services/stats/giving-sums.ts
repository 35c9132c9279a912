import { and, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { offeringTypes } from '../../db/schema/members';
import { ledgerEntries, ledgerLines, transactions } from '../../db/schema/money';

/**
 * The one place statistics and reports read money from. Today it sums the ledger itself; when the
 * daily read model lands, these functions read it instead and nothing else changes.
 *
 * A giving counts on the day it was received (`transactions.received_at`: the service day of a cash
 * receipt, the start of an online payment), so a report never moves a Sunday collection to the day
 * the treasurer's phone came back online. Shares are the ledger's credits net of its debits on the
 * `share:*` accounts, so fees are already out and a reversal cancels what it reverses.
 */
export type GivingFilter = {
  /** The caller's scope, a condition on `institutions` (services/auth/scope.ts). */
  scope: SQL;
  /** Only givings to this institution or one below it (its materialised path), when one is chosen. */
  underPath: string | null;
  /** Half-open instant range [start, end), from domain/calendar.ts `dayRange`. */
  start: Date;
  end: Date;
  currency: string;
};

export type ShareSumRow = { offeringTypeId: number; title: string; church: number; field: number; union: number };

const shareOf = (share: 'church' | 'field' | 'union') =>
  sql<number>`coalesce(sum(case when ${ledgerLines.account} = ${`share:${share}`} then ${ledgerLines.credit} - ${ledgerLines.debit} else 0 end), 0)::bigint`.mapWith(
    Number,
  );

function givingConditions(filter: GivingFilter): SQL {
  // Paths are built from integer ids ("/1/4/9/"): no LIKE wildcards can hide in them.
  const under = filter.underPath && /^(\/\d+)+\/$/.test(filter.underPath) ? like(institutions.path, `${filter.underPath}%`) : undefined;
  return and(
    filter.scope,
    under,
    eq(transactions.currency, filter.currency),
    gte(transactions.receivedAt, filter.start),
    lt(transactions.receivedAt, filter.end),
  ) as SQL;
}

/** Per offering type: what the ledger credited to each share for the givings the filter selects. */
export async function shareSumsByOfferingType(db: Db, filter: GivingFilter): Promise<ShareSumRow[]> {
  const rows = await db
    .select({ offeringTypeId: offeringTypes.id, title: offeringTypes.title, church: shareOf('church'), field: shareOf('field'), union: shareOf('union') })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, transactions.id))
    .innerJoin(ledgerLines, and(eq(ledgerLines.entryId, ledgerEntries.id), like(ledgerLines.account, 'share:%')))
    .innerJoin(offeringTypes, eq(offeringTypes.id, ledgerLines.offeringTypeId))
    .where(givingConditions(filter))
    .groupBy(offeringTypes.id, offeringTypes.title);
  return rows;
}

export type Collected = { amount: number; count: number };
const collected = { amount: sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`.mapWith(Number), count: sql<number>`count(*)::int`.mapWith(Number) };
const completedGivings = (filter: GivingFilter) => and(givingConditions(filter), eq(transactions.status, 'completed')) as SQL;

/** Completed givings (gross, as given) in the filter: one total. */
export async function collectedTotal(db: Db, filter: GivingFilter): Promise<Collected> {
  const [row] = await db.select(collected).from(transactions).innerJoin(institutions, eq(institutions.id, transactions.institutionId)).where(completedGivings(filter));
  return row ?? { amount: 0, count: 0 };
}

/** Completed givings per payment method. */
export async function collectedByMethod(db: Db, filter: GivingFilter): Promise<Array<Collected & { method: string }>> {
  return db
    .select({ method: transactions.method, ...collected })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(completedGivings(filter))
    .groupBy(transactions.method);
}

/**
 * Completed givings per institution one level below `underPath` (each child's whole subtree), keyed by
 * the child's id read from the path; with no path, per top of the tree (a bank user's unions).
 */
export async function collectedByChild(db: Db, filter: GivingFilter): Promise<Map<number, Collected>> {
  const depth = filter.underPath ? filter.underPath.split('/').filter(Boolean).length : 0;
  // A literal, not a parameter: GROUP BY must see the same expression as SELECT.
  const child = sql<string>`split_part(${institutions.path}, '/', ${sql.raw(String(depth + 2))})`;
  const rows = await db
    .select({ child, ...collected })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(completedGivings(filter))
    .groupBy(child);
  return new Map(rows.filter((row) => row.child !== '').map((row) => [Number(row.child), { amount: row.amount, count: row.count }]));
}

/** Distinct members who gave (completed) in the filter. */
export async function membersWhoGave(db: Db, filter: GivingFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${transactions.memberId})::int`.mapWith(Number) })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(completedGivings(filter));
  return row?.n ?? 0;
}
