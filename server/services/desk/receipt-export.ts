import type { CashReceiptRow, EXPORT_FORMATS } from '../../../domain/api/receipts';
import { dayOf, localDateTime } from '../../../domain/calendar';
import { messages } from '../../../domain/messages';
import { receiptExportColumns } from '../../../domain/messages-receipts';
import { CURRENCY_EXPONENT } from '../../../domain/money';
import type { Db } from '../../db/client';
import { inKeysetBatches } from '../../lib/export/batches';
import { type ExportColumn, writeExport } from '../../lib/export/export-writer';
import type { Translate } from '../../lib/describe-issue';
import type { ExportFile } from '../../lib/export/send-export';
import type { AuthUser } from '../auth/auth-user';
import { receiptConditions, type ReceiptFilters } from './receipt-filters';
import { countReceipts, loadKeyedReceiptRows, type ReceiptKey } from './receipt-history';

type Format = (typeof EXPORT_FORMATS)[number];
type ColumnKey = keyof typeof receiptExportColumns;

const exponentOf = (currency: string) => CURRENCY_EXPONENT[currency] ?? 2;
const major = (amount: number, currency: string) => (amount / 10 ** exponentOf(currency)).toFixed(exponentOf(currency));
function cells(row: CashReceiptRow, t: Translate, timeZone: string): Record<ColumnKey, string | number> {
  // Times as the church reads them on the receipt (the filter's zone), not in UTC.
  const localTime = (iso: string) => localDateTime(new Date(iso), timeZone);
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
 * reads it as UTF-8) or a real Excel workbook. Every matching receipt, newest first, streamed
 * (ADR 060): `batchRows` at a time after the last (received_at, id) seen, each batch with its lines.
 */
export async function exportReceipts(db: Db, user: AuthUser, filters: ReceiptFilters, format: Format, t: Translate, now: Date, batchRows: number): Promise<ExportFile> {
  const { where, timeZone } = await receiptConditions(db, user, filters);
  // Counted first: the header tells the page how many rows are coming, before the first one.
  const count = await countReceipts(db, where);
  const rows = (async function* () {
    const keyed = inKeysetBatches((after: ReceiptKey | null, limit) => loadKeyedReceiptRows(db, where, limit, after), ({ key }) => key, batchRows);
    for await (const { row } of keyed) yield cells(row, t, timeZone);
  })();
  const keys = Object.keys(receiptExportColumns) as ColumnKey[];
  type Cells = Record<ColumnKey, string | number>;
  const columns: Array<ExportColumn<Cells>> = keys.map((key) => ({
    header: t(receiptExportColumns[key]),
    value: (record) => record[key],
    width: key === 'lines' || key === 'note' ? 40 : 18,
    // Amounts keep their decimals in CSV text ("150.00"); the workbook stores numbers and formats them.
    ...(key === 'amount' ? { numFmt: '#,##0.00', csv: (record: Cells) => (record.amount as number).toFixed(exponentOf(String(record.currency))) } : {}),
  }));
  const file = await writeExport({ title: 'Receipts', columns, rows, t }, format);
  return { body: file.body, contentType: file.contentType, filename: `cash-receipts-${dayOf(now, timeZone)}.${format}`, count, included: count };
}
