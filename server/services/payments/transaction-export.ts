import { count as countAll, desc, eq, type SQL } from 'drizzle-orm';
import type { TransactionRow } from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';
import { paymentExportColumns } from '../../../domain/messages-payments';
import { toMajorUnits } from '../../providers/payments/major-units';
import type { Db } from '../../db/client';
import { type ExportColumn, writeExport } from '../../lib/export/export-writer';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { EAT_OFFSET_MS } from './date-range';
import { selectTransactions, toTransactionRow, type TransactionFilters, transactionConditions } from './transaction-queries';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;
type ColumnKey = keyof typeof paymentExportColumns;
export type ExportFormat = 'csv' | 'xlsx';
export type ExportFile = { body: Buffer; contentType: string; filename: string; count: number; included: number };

/** Far above a church's year of giving; a bigger file should be narrowed by filters. */
export const TRANSACTION_EXPORT_MAX_ROWS = 50_000;
const localTime = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + EAT_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') : '');

function cells(row: TransactionRow): Record<ColumnKey, string | number> {
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

/** The filtered transactions as CSV (UTF-8 with a BOM, for Excel) or a real workbook, headed in the caller's language; amounts in major units. */
export async function exportTransactions(db: Db, user: AuthUser, filters: TransactionFilters, format: ExportFormat, t: Translate, now: Date): Promise<ExportFile> {
  const where = transactionConditions(user, filters, now);
  const rows = await selectTransactions(db).where(where).orderBy(desc(transactions.receivedAt), desc(transactions.id)).limit(TRANSACTION_EXPORT_MAX_ROWS + 1);
  const included = Math.min(rows.length, TRANSACTION_EXPORT_MAX_ROWS);
  const records = rows.slice(0, included).map((row) => cells(toTransactionRow(row, t)));
  const keys = Object.keys(paymentExportColumns) as ColumnKey[];
  const columns: Array<ExportColumn<Record<ColumnKey, string | number>>> = keys.map((key) => ({
    header: t(paymentExportColumns[key]),
    value: (record) => record[key],
    width: key === 'institution' || key === 'payer' ? 28 : 18,
    ...(key === 'amount' || key === 'fee' ? { numFmt: '#,##0.00' } : {}),
  }));
  const count = rows.length > included ? await countTransactions(db, where) : rows.length;
  const note = count > included ? t(messages.paymentsExportTruncated, { shown: included, count }) : null;
  const file = await writeExport({ title: 'Transactions', columns, rows: records, footer: note }, format);
  return { body: file.body, contentType: file.contentType, filename: `transactions-${now.toISOString().slice(0, 10)}.${format}`, count, included };
}

async function countTransactions(db: Db, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: countAll() })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(members, eq(members.id, transactions.memberId))
    .where(where);
  return row?.n ?? 0;
}
