import { and, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreditStatus, TransactionQuery, TransactionRow } from '../../../domain/api/payments';
import type { PaymentMethod, TransactionStatus } from '../../../domain/statuses';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { transactionLines, transactions } from '../../db/schema/money';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { likePrefix } from '../shell/like';
import { rangeBounds } from './date-range';
import { reasonText } from './reason-text';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;
type Query = z.output<typeof TransactionQuery>;
export type TransactionFilters = Omit<Query, 'limit' | 'offset' | 'cursor'>;

/** Only the institution (and everything below it), when one is chosen; always within the caller's scope. */
export function underInstitution(institutionId: number | undefined): SQL | undefined {
  if (institutionId === undefined) return undefined;
  return sql`${institutions.path} like (select scope_root.path from institutions scope_root where scope_root.id = ${institutionId}) || '%'`;
}

/**
 * Transactions with at least one line of the offering type: a giving split over several types is
 * listed once, whole (ADR 075). The look-up per transaction rides `transaction_lines_transaction`,
 * bounded by the range the list already narrows to.
 */
function withOfferingType(offeringTypeId: number | undefined): SQL | undefined {
  if (offeringTypeId === undefined) return undefined;
  return sql`exists (select 1 from ${transactionLines} where ${transactionLines.transactionId} = ${transactions.id} and ${transactionLines.offeringTypeId} = ${offeringTypeId})`;
}

/** The member's "first last", copied onto the row at write time (migration 0023): no join with members. */
const memberName = transactions.memberName;

/**
 * Everything the transaction list filters on, as one condition (the caller joins institutions and
 * members). The days are those the money was received on (`received_at`), the read model's rule
 * (ADR 030): a Sunday collection synced on Tuesday is in Sunday's list and in Sunday's dashboard
 * figure, so a figure and the list it links to agree. They are days in `timeZone` (viewZone, ADR
 * 077): the chosen institution's, else the caller's own, East Africa Time for bank staff.
 */
export function transactionConditions(user: AuthUser, q: TransactionFilters, now: Date, timeZone: string): SQL {
  const { start, end } = rangeBounds(q.range, q.from, q.to, now, timeZone);
  const conditions: Array<SQL | undefined> = [
    institutionScope(user),
    underInstitution(q.institutionId),
    gte(transactions.receivedAt, start),
    lt(transactions.receivedAt, end),
    q.status === 'all' ? undefined : eq(transactions.status, q.status),
    q.method ? eq(transactions.method, q.method) : undefined,
    q.operator ? eq(transactions.operator, q.operator) : undefined,
    q.branchId === undefined ? undefined : q.branchId === 0 ? isNull(institutions.branchId) : eq(institutions.branchId, q.branchId),
    q.religionId === undefined ? undefined : eq(institutions.religionId, q.religionId),
    withOfferingType(q.offeringTypeId),
  ];
  if (q.search) {
    const prefix = likePrefix(q.search.toLowerCase());
    const options: SQL[] = [
      sql`lower(${transactions.referenceNo}) like ${prefix}`,
      sql`lower(${transactions.receiptNo}) like ${prefix}`,
      sql`lower(${transactions.trxId}) like ${prefix}`,
      sql`lower(${transactions.payerName}) like ${likePrefix(q.search.toLowerCase(), true)}`,
      sql`lower(${memberName}) like ${likePrefix(q.search.toLowerCase(), true)}`,
    ];
    const digits = q.search.replace(/\D/g, '').replace(/^0+/, '');
    if (digits.length >= 3 && /^[\d\s+()-]+$/.test(q.search)) options.push(sql`${transactions.payerPhone} like ${likePrefix(digits, true)}`);
    conditions.push(or(...options));
  }
  return and(...conditions.filter((c): c is SQL => c !== undefined)) ?? sql`true`;
}

export const rowSelection = {
  t: transactions,
  institutionTitle: institutions.title,
  memberName,
  createdByName: users.name,
};

type SelectedRow = { t: typeof transactions.$inferSelect; institutionTitle: string; memberName: string | null; createdByName: string | null };

export function toTransactionRow(row: SelectedRow, t: Translate): TransactionRow {
  const { t: tx } = row;
  return {
    id: tx.id,
    referenceNo: tx.referenceNo,
    receiptNo: tx.receiptNo,
    trxId: tx.trxId,
    institution: { id: tx.institutionId, title: row.institutionTitle },
    memberId: tx.memberId,
    payer: row.memberName ?? tx.payerName,
    phone: tx.payerPhone,
    method: tx.method as PaymentMethod,
    operator: tx.operator,
    status: tx.status as TransactionStatus,
    amount: tx.amount,
    fee: tx.fee,
    currency: tx.currency,
    reason: reasonText(t, tx.reason),
    failedReason: reasonText(t, tx.failedReason),
    creditStatus: (tx.creditStatus as CreditStatus | null) ?? null,
    createdBy: row.createdByName,
    createdAt: tx.createdAt.toISOString(),
    receivedAt: tx.receivedAt.toISOString(),
    completedAt: tx.completedAt?.toISOString() ?? null,
  };
}

export function selectTransactions(db: Db) {
  return db
    .select(rowSelection)
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(users, eq(users.id, transactions.createdBy));
}

/**
 * The list's rows with their sort key at full precision, for keyset reads: `received_at` as
 * PostgreSQL's text keeps the microseconds a JavaScript Date would drop (and with them rows).
 */
export function selectTransactionsWithKey(db: Db) {
  return db
    .select({ ...rowSelection, key: sql<string>`${transactions.receivedAt}::text` })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(users, eq(users.id, transactions.createdBy));
}
