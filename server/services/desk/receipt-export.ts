import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { type CashReceiptRow, EXPORT_MAX_ROWS, type EXPORT_FORMATS } from '../../../domain/api/receipts';
import { messages } from '../../../domain/messages';
import { receiptExportColumns } from '../../../domain/messages-receipts';
import { CURRENCY_EXPONENT } from '../../../domain/money';
import type { Db } from '../../db/client';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { receiptConditions, type ReceiptFilters } from './receipt-filters';
import { countReceipts, loadReceiptRows } from './receipt-history';

type Format = (typeof EXPORT_FORMATS)[number];
type ColumnKey = keyof typeof receiptExportColumns;
export type ExportFile = { body: Buffer; contentType: string; filename: string; count: number; included: number };

const EAT_OFFSET_MS = 3 * 3_600_000;
const CONTENT_TYPES: Record<Format, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const exponentOf = (currency: string) => CURRENCY_EXPONENT[currency] ?? 2;
const major = (amount: number, currency: string) => (amount / 10 ** exponentOf(currency)).toFixed(exponentOf(currency));
/** Times as people in East Africa read them on the receipt, not in UTC. */
const localTime = (iso: string) => new Date(new Date(iso).getTime() + EAT_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

function cells(row: CashReceiptRow, t: Translate): Record<ColumnKey, string | number> {
  return {
    receiptNo: row.receiptNo ?? '',
    receivedAt: localTime(row.receivedAt),
    memberCode: row.memberCode ?? '',
    giver: row.memberName ?? row.payerName ?? '',
    phone: row.payerPhone ?? '',
    method: t(row.method === 'cheque' ? messages.exportMethodCheque : messages.exportMethodCash),
    chequeNo: row.chequeNo ?? '',
    lines: row.lines.map((line) => `${line.title}: ${major(line.amount, row.currency)}`).join('; '),
    currency: row.currency,
    amount: Number(major(row.amount, row.currency)),
    batch: row.batchName ?? '',
    recordedBy: row.recordedByName ?? '',
    note: row.note ?? '',
    syncedAt: localTime(row.syncedAt),
    smsStatus: row.smsStatus ?? '',
  };
}

/**
 * The filtered history as a file, headed in the caller's language: CSV (with a BOM, so Excel
 * reads it as UTF-8) or a real Excel workbook. At most EXPORT_MAX_ROWS receipts; when the
 * filters match more, the file ends with a line that says so (and the route sets a header).
 */
export async function exportReceipts(db: Db, user: AuthUser, filters: ReceiptFilters, format: Format, t: Translate, now: Date): Promise<ExportFile> {
  const where = await receiptConditions(db, user, filters);
  const count = await countReceipts(db, where);
  const rows = await loadReceiptRows(db, where, { limit: EXPORT_MAX_ROWS, offset: 0 });
  const keys = Object.keys(receiptExportColumns) as ColumnKey[];
  const headers = keys.map((key) => t(receiptExportColumns[key]));
  const records = rows.map((row) => cells(row, t));
  const note = rows.length < count ? t(messages.exportTruncated, { shown: rows.length, count }) : null;
  const filename = `cash-receipts-${now.toISOString().slice(0, 10)}.${format}`;
  const body = format === 'csv' ? toCsv(keys, headers, records, note) : await toXlsx(keys, headers, records, note);
  return { body, contentType: CONTENT_TYPES[format], filename, count, included: rows.length };
}

function toCsv(keys: ColumnKey[], headers: string[], records: Array<Record<ColumnKey, string | number>>, note: string | null): Buffer {
  // Amounts keep their decimals in text ("150.00"); the workbook stores numbers and formats them.
  const text = (record: Record<ColumnKey, string | number>, key: ColumnKey) =>
    key === 'amount' ? (record.amount as number).toFixed(exponentOf(String(record.currency))) : record[key];
  const lines = [headers, ...records.map((record) => keys.map((key) => text(record, key))), ...(note ? [[note]] : [])];
  return Buffer.from(`\ufeff${stringify(lines)}`, 'utf8');
}

async function toXlsx(keys: ColumnKey[], headers: string[], records: Array<Record<ColumnKey, string | number>>, note: string | null): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sadaka';
  const sheet = workbook.addWorksheet('Receipts', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = keys.map((key, index) => ({ header: headers[index], key, width: key === 'lines' || key === 'note' ? 40 : 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const record of records) sheet.addRow(record);
  sheet.getColumn('amount').numFmt = '#,##0.00';
  if (note) sheet.addRow([note]).font = { italic: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
