import { and, asc, eq, sql } from 'drizzle-orm';
import type { PendingTransferPage } from '../../../domain/api/bank-transfers';
import { fieldLabels, messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { bankAccounts, institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import { onlinePayments } from '../../db/schema/payments';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { underInstitution } from './transaction-queries';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;

/**
 * Keyset position: the creation time as PostgreSQL prints it to the microsecond (a JS Date would
 * round it to the millisecond and skip or repeat rows) and the id that breaks ties. Opaque to
 * callers (base64url JSON); anything that does not decode is refused.
 */
type Position = { a: string; i: string };

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeCursor(value: string): Position | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (parsed === null || typeof parsed !== 'object') return null;
    const { a, i } = parsed as Record<string, unknown>;
    return typeof a === 'string' && TIME.test(a) && typeof i === 'string' && UUID.test(i) ? { a, i } : null;
  } catch {
    return null;
  }
}

const createdAtText = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** GET /payments/bank-transfers: bank transfers still waiting for the money, oldest (first to expire) first, in the caller's scope. */
export async function listPendingTransfers(
  db: Db,
  user: AuthUser,
  q: { institutionId?: number | undefined; cursor?: string | undefined; limit: number },
  t: Translate,
): Promise<PendingTransferPage> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  if (q.cursor && !after) {
    const values = { field: t(fieldLabels.cursor) };
    throw new AppError(400, 'validation', messages.fieldInvalid, values, [{ path: 'cursor', descriptor: messages.fieldInvalid, values }]);
  }
  const rows = await db
    .select({
      t: transactions,
      at: createdAtText,
      institutionTitle: institutions.title,
      memberName: sql<string | null>`${members.firstName} || ' ' || ${members.lastName}`,
      expiresAt: onlinePayments.timeoutAt,
      accountNumber: bankAccounts.accountNumber,
      accountName: bankAccounts.accountName,
    })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .innerJoin(onlinePayments, eq(onlinePayments.transactionId, transactions.id))
    .leftJoin(bankAccounts, eq(bankAccounts.id, onlinePayments.bankAccountId))
    .leftJoin(members, eq(members.id, transactions.memberId))
    .where(
      and(
        institutionScope(user),
        underInstitution(q.institutionId),
        eq(transactions.method, 'bank'),
        eq(transactions.status, 'pending'),
        after ? sql`(${transactions.createdAt}, ${transactions.id}) > (${after.a}::timestamptz, ${after.i}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      id: row.t.id,
      referenceNo: row.t.referenceNo,
      amount: row.t.amount,
      currency: row.t.currency,
      payer: row.memberName ?? row.t.payerName,
      phone: row.t.payerPhone,
      institution: { id: row.t.institutionId, title: row.institutionTitle },
      account: row.accountNumber ? { accountNumber: row.accountNumber, accountName: row.accountName ?? '' } : null,
      createdAt: row.t.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor({ a: last.at, i: last.t.id }) : null,
  };
}
