import { and, count as countAll, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { TransactionRow } from '../../../domain/api/payments';
import { dayOf, localDateTime } from '../../../domain/calendar';
import { paymentExportColumns } from '../../../domain/messages-payments';
import { toMajorUnits } from '../../providers/payments/major-units';
import type { Db } from '../../db/client';
import { inKeysetBatches } from '../../lib/export/batches';
import { type ExportColumn, writeExport } from '../../lib/export/export-writer';
import type { ExportFile } from '../../lib/export/send-export';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { isUnscoped } from '../auth/scope';
import { viewZone } from '../calendar/view-zone';
import { selectTransactionsWithKey, toTransactionRow, type TransactionFilters, transactionConditions } from './transaction-queries';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;
type ColumnKey = keyof typeof paymentExportColumns;
type Cells = Record<ColumnKey, string | number>;
type Key = { at: string; id: string };
export type ExportFormat = 'csv' | 'xlsx';

function cells(row: TransactionRow, timeZone: string): Cells {
  // Times on the wall clocks of the filter's zone (ADR 077), not in UTC.
  const localTime = (iso: string | null) => (iso ? localDateTime(new Date(iso), timeZone) : '');
  return {
    createdAt: localTime(row.receivedAt),
    referenceNo: row.referenceNo,
    receiptNo: row.receiptNo ?? '',
    trxId: row.trxId ?? '',
    institution: row.institution.title,
    payer: row.payer ?? '',
    phone: row.phone ?? '',
    method: row.method,
    operator: row.operator ?? '',
    status: row.status,
    currency: row.currency,
    amount: Number(toMajorUnits(row.amount, row.currency)),
    fee: Number(toMajorUnits(row.fee, row.currency)),
    reason: row.reason ?? '',
    failedReason: row.failedReason ?? '',
    completedAt: localTime(row.completedAt),
  };
}

/**
 * The filtered transactions as CSV (UTF-8 with a BOM, for Excel) or a real workbook, headed in the
 * caller's language; amounts in major units. Every matching row, newest first, streamed (ADR 060):
 * read `batchRows` at a time after the last (received_at, id) seen — the list's own index order.
 */
export async function exportTransactions(db: Db, user: AuthUser, filters: TransactionFilters, format: ExportFormat, t: Translate, now: Date, batchRows: number): Promise<ExportFile> {
  const timeZone = await viewZone(db, user, filters.institutionId);
  const where = transactionConditions(user, filters, now, timeZone);
  // Counted first: the header tells the page how many rows are coming, before the first one.
  const count = await countTransactions(db, user, filters, where);
  const fetchAfter = (after: Key | null, limit: number) =>
    selectTransactionsWithKey(db)
      .where(after ? and(where, sql`(${transactions.receivedAt}, ${transactions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`) : where)
      .orderBy(desc(transactions.receivedAt), desc(transactions.id))
      .limit(limit);
  const rows = (async function* () {
    for await (const row of inKeysetBatches(fetchAfter, (row) => ({ at: row.key, id: row.t.id }), batchRows)) yield cells(toTransactionRow(row, t), timeZone);
  })();
  const keys = Object.keys(paymentExportColumns) as ColumnKey[];
  const columns: Array<ExportColumn<Cells>> = keys.map((key) => ({
    header: t(paymentExportColumns[key]),
    value: (record) => record[key],
    width: key === 'institution' || key === 'payer' ? 28 : 18,
    ...(key === 'amount' || key === 'fee' ? { numFmt: '#,##0.00' } : {}),
  }));
  const file = await writeExport({ title: 'Transactions', columns, rows, t }, format);
  return { body: file.body, contentType: file.contentType, filename: `transactions-${dayOf(now, timeZone)}.${format}`, count, included: count };
}

async function countTransactions(db: Db, user: AuthUser, filters: TransactionFilters, where: SQL): Promise<number> {
  const query = db.select({ n: countAll() }).from(transactions).$dynamic();
  // The institutions join only when a condition reads it, as the list's totals do (an index-only count for an unscoped admin).
  const joined = isUnscoped(user) && filters.institutionId === undefined && filters.branchId === undefined && filters.religionId === undefined ? query : query.innerJoin(institutions, eq(institutions.id, transactions.institutionId));
  const [row] = await joined.where(where);
  return row?.n ?? 0;
}
