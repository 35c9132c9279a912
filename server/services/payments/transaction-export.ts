import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { count as countAll, desc, eq, type SQL } from 'drizzle-orm';
import type { TransactionRow } from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';
import { paymentExportColumns } from '../../../domain/messages-payments';
import { toMajorUnits } from '../../providers/payments/major-units';
import type { Db } from '../../db/client';
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
const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const localTime = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + EAT_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') : '');

function cells(row: TransactionRow): Record<ColumnKey, string | number> {
  return {
    createdAt: localTime(row.createdAt),
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
  const rows = await selectTransactions(db).where(where).orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(TRANSACTION_EXPORT_MAX_ROWS + 1);
  const included = Math.min(rows.length, TRANSACTION_EXPORT_MAX_ROWS);
  const records = rows.slice(0, included).map((row) => cells(toTransactionRow(row, t)));
  const keys = Object.keys(paymentExportColumns) as ColumnKey[];
  const headers = keys.map((key) => t(paymentExportColumns[key]));
  const count = rows.length > included ? await countTransactions(db, where) : rows.length;
  const note = count > included ? t(messages.paymentsExportTruncated, { shown: included, count }) : null;
  const filename = `transactions-${now.toISOString().slice(0, 10)}.${format}`;
  const body = format === 'csv' ? toCsv(keys, headers, records, note) : await toXlsx(keys, headers, records, note);
  return { body, contentType: CONTENT_TYPES[format], filename, count, included };
}

function toCsv(keys: ColumnKey[], headers: string[], records: Array<Record<ColumnKey, string | number>>, note: string | null): Buffer {
  const lines = [headers, ...records.map((record) => keys.map((key) => record[key])), ...(note ? [[note]] : [])];
  return Buffer.from(`\ufeff${stringify(lines)}`, 'utf8');
}

async function toXlsx(keys: ColumnKey[], headers: string[], records: Array<Record<ColumnKey, string | number>>, note: string | null): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sadaka';
  const sheet = workbook.addWorksheet('Transactions', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = keys.map((key, index) => ({ header: headers[index], key, width: key === 'institution' || key === 'payer' ? 28 : 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const record of records) sheet.addRow(record);
  sheet.getColumn('amount').numFmt = '#,##0.00';
  sheet.getColumn('fee').numFmt = '#,##0.00';
  if (note) sheet.addRow([note]).font = { italic: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
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
