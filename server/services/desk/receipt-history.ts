import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CashReceiptPage, CashReceiptRow } from '../../../domain/api/receipts';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members, offeringTypes } from '../../db/schema/members';
import { smsMessages } from '../../db/schema/messaging';
import { receiptBatches, transactionLines, transactions } from '../../db/schema/money';
import { users } from '../../db/schema/users';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorTime, cursorUuid, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { AuthUser } from '../auth/auth-user';
import { receiptConditions, type ReceiptFilters } from './receipt-filters';

const recorder = alias(users, 'recorder');
const total = (column: SQL | AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)::text`;
/** Lines are fetched for this many receipts per statement (an export batch can be this large). */
const LINE_CHUNK = 1_000;

/** The sort key of a receipt: received_at to the microsecond (a Date would drop them) and the transaction's id. */
export type ReceiptKey = { at: string; id: string };

/**
 * Receipts after `after` in the history's order (received_at, id descending), each with its key,
 * for the export's keyset batches (ADR 060): every batch costs the same, however deep.
 */
export async function loadKeyedReceiptRows(db: Db, where: SQL, limit: number, after: ReceiptKey | null, offset = 0): Promise<Array<{ row: CashReceiptRow; key: ReceiptKey }>> {
  const rows = await db
    .select({
      t: transactions,
      key: microsecondText(transactions.receivedAt),
      memberFirst: members.firstName,
      memberLast: members.lastName,
      memberCode: members.code,
      batchName: receiptBatches.name,
      recordedByName: recorder.name,
      smsStatus: smsMessages.status,
    })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(members, eq(members.id, transactions.memberId))
    .leftJoin(receiptBatches, eq(receiptBatches.id, transactions.batchId))
    .leftJoin(recorder, eq(recorder.id, transactions.createdBy))
    .leftJoin(smsMessages, eq(smsMessages.id, transactions.receiptSmsId))
    .where(after ? and(where, afterPosition([transactions.receivedAt, transactions.id], [after.at, after.id], 'desc', ['timestamptz', 'uuid'])) : where)
    .orderBy(desc(transactions.receivedAt), desc(transactions.id))
    .limit(limit)
    .offset(offset);
  const linesOf = await loadLines(db, rows.map((row) => row.t.id));
  return rows.map(({ t, key, memberFirst, memberLast, memberCode, batchName, recordedByName, smsStatus }) => ({
    key: { at: key, id: t.id },
    row: {
      id: t.clientId ?? t.id,
      receiptNo: t.receiptNo,
      institutionId: t.institutionId,
      memberId: t.memberId,
      memberName: memberFirst === null ? null : `${memberFirst} ${memberLast ?? ''}`.trim(),
      memberCode,
      payerName: t.memberId === null ? t.payerName : null,
      payerPhone: t.payerPhone,
      method: t.method === 'cheque' ? 'cheque' : 'cash',
      chequeNo: t.chequeNo,
      currency: t.currency,
      amount: t.amount,
      lines: linesOf.get(t.id) ?? [],
      batchId: t.batchId,
      batchName,
      note: t.note,
      receivedAt: t.receivedAt.toISOString(),
      recordedBy: t.createdBy,
      recordedByName,
      syncedAt: t.createdAt.toISOString(),
      smsStatus,
    },
  }));
}

async function loadLines(db: Db, ids: readonly string[]) {
  const byTransaction = new Map<string, CashReceiptRow['lines']>();
  for (let start = 0; start < ids.length; start += LINE_CHUNK) {
    const chunk = ids.slice(start, start + LINE_CHUNK);
    const lines = await db
      .select({ transactionId: transactionLines.transactionId, offeringTypeId: transactionLines.offeringTypeId, title: offeringTypes.title, amount: transactionLines.amount })
      .from(transactionLines)
      .innerJoin(offeringTypes, eq(offeringTypes.id, transactionLines.offeringTypeId))
      .where(inArray(transactionLines.transactionId, chunk))
      .orderBy(transactionLines.id);
    for (const { transactionId, ...line } of lines) {
      const list = byTransaction.get(transactionId) ?? [];
      list.push(line);
      byTransaction.set(transactionId, list);
    }
  }
  return byTransaction;
}

/** Newest received first: the position is (received_at to the microsecond, the transaction's id). */
const Position = z.tuple([cursorTime, cursorUuid]);

/**
 * The history page: one page of receipts, and the count and totals of the WHOLE filtered set. With
 * `cursor` the page starts after that position (keyset, ADR 062); `offset` still pages without it.
 */
export async function receiptHistory(
  db: Db,
  user: AuthUser,
  filters: ReceiptFilters,
  page: { limit: number; offset: number; cursor?: string | undefined },
  t: Translate,
): Promise<CashReceiptPage> {
  const after = decodeCursor(page.cursor, Position, t);
  const { where } = await receiptConditions(db, user, filters);
  const fetched = await loadKeyedReceiptRows(db, where, page.limit + 1, after ? { at: after[0], id: after[1] } : null, after ? 0 : page.offset);
  const { page: shown, nextCursor } = pageOf(fetched, page.limit, ({ key }) => [key.at, key.id]);
  const data = shown.map(({ row }) => row);
  const byCurrency = await db
    .select({ currency: transactions.currency, amount: total(transactions.amount), count: count() })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(where)
    .groupBy(transactions.currency)
    .orderBy(transactions.currency);
  const byType = await db
    .select({
      offeringTypeId: offeringTypes.id,
      title: offeringTypes.title,
      amount: total(transactionLines.amount),
      count: sql<number>`count(distinct ${transactions.id})`.mapWith(Number),
    })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .innerJoin(offeringTypes, eq(offeringTypes.id, transactionLines.offeringTypeId))
    .where(where)
    .groupBy(offeringTypes.id, offeringTypes.title)
    .orderBy(offeringTypes.id);
  const currencies = byCurrency.map((row) => ({ currency: row.currency, amount: Number(row.amount), count: row.count }));
  return {
    data,
    nextCursor,
    count: currencies.reduce((sum, row) => sum + row.count, 0),
    totals: {
      amount: currencies.reduce((sum, row) => sum + row.amount, 0),
      byOfferingType: byType.map((row) => ({ offeringTypeId: row.offeringTypeId, title: row.title, amount: Number(row.amount), count: row.count })),
      byCurrency: currencies,
    },
  };
}

/** How many receipts match: the export sends it ahead of the rows (x-export-count), for the page's progress. */
export async function countReceipts(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(transactions).innerJoin(institutions, eq(institutions.id, transactions.institutionId)).where(where);
  return row?.n ?? 0;
}
