import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, RawSql } from '../../db/client';

/** Where a top-up comes from (ADR 057); the unique key of each makes it count once. */
export type WalletCredit = {
  institutionId: number;
  amount: number;
  createdBy: number | null;
  at: Date;
} & ({ source: 'bank'; requestId: number | null; approvedBy: number | null } | { source: 'mobile'; purchaseId: string });

/**
 * Adds units to a wallet and records the top-up in ONE statement, so the history and the balance
 * never disagree. `on conflict do nothing` on the request's or the purchase's unique key turns a
 * second credit for the same request or purchase (a retried job, a replayed callback, a second
 * replica) into nothing: no row, no units. Answers the balance after, or null when it was already
 * credited.
 */
function creditStatement(input: WalletCredit): SQL {
  const requestId = input.source === 'bank' ? input.requestId : null;
  const approvedBy = input.source === 'bank' ? input.approvedBy : null;
  const purchaseId = input.source === 'mobile' ? input.purchaseId : null;
  return sql`with topup as (
      insert into sms_topups (institution_id, amount, source, request_id, purchase_id, created_by, approved_by, created_at)
      values (${input.institutionId}, ${input.amount}, ${input.source}, ${requestId}::int, ${purchaseId}::uuid, ${input.createdBy}::int, ${approvedBy}::int, ${input.at.toISOString()}::timestamptz)
      on conflict do nothing
      returning institution_id, amount
    )
    update institutions i set sms_left = i.sms_left + t.amount from topup t where i.id = t.institution_id returning i.sms_left`;
}

function assertAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError('A top-up is a positive whole number of messages');
}

const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  Array.isArray(result) ? (result as Array<Record<string, unknown>>) : ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []);

/** Inside a drizzle transaction (an approval's): the credit commits with it or not at all. */
export async function creditWallet(db: Db, input: WalletCredit): Promise<number | null> {
  assertAmount(input.amount);
  const row = rowsOf(await db.execute(creditStatement(input)))[0];
  return row ? Number(row.sms_left) : null;
}

const dialect = new PgDialect();

/** The same statement on the raw connection (the SMS service, outside any transaction). */
export async function creditWalletRaw(raw: RawSql, input: WalletCredit): Promise<number | null> {
  assertAmount(input.amount);
  const query = dialect.sqlToQuery(creditStatement(input));
  const row = (await raw.query(query.sql, query.params)).rows[0];
  return row ? Number(row.sms_left) : null;
}
