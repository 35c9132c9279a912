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
