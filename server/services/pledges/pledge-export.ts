import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { PledgeFilters, PledgeRow } from '../../../domain/api/pledges';
import { messages } from '../../../domain/messages';
import { pledgeExportColumns, pledgeStateLabels } from '../../../domain/messages-pledges';
import { CURRENCY_EXPONENT } from '../../../domain/money';
import { EXPORT_MAX_ROWS, type EXPORT_FORMATS } from '../../../domain/receipt-rules';
import type { Db } from '../../db/client';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { callerToday, pledgeConditions } from './pledge-filters';
import { countPledges, loadPledgeRows } from './pledge-list';

type Format = (typeof EXPORT_FORMATS)[number];
type ColumnKey = keyof typeof pledgeExportColumns;
const CONTENT_TYPES: Record<Format, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const major = (amount: number, currency: string) => (amount / 10 ** (CURRENCY_EXPONENT[currency] ?? 2)).toFixed(CURRENCY_EXPONENT[currency] ?? 2);

function cells(row: PledgeRow, t: Translate): Record<ColumnKey, string> {
  return {
    memberCode: row.memberCode,
    member: row.memberName,
    phone: row.memberPhone,
    offeringType: row.offeringTypeTitle ?? '',
    currency: row.currency,
    total: major(row.total, row.currency),
    paid: major(row.paid, row.currency),
    remaining: major(row.remaining, row.currency),
    dueDate: row.dueDate,
    state: t(pledgeStateLabels[row.state]),
    remindedAt: row.remindedAt ?? '',
  };
}

/** The filtered pledge list as CSV (with a BOM for Excel) or a workbook, headed in the caller's language; at most EXPORT_MAX_ROWS. */
export async function exportPledges(db: Db, user: AuthUser, filters: PledgeFilters, format: Format, t: Translate, now: Date) {
  const today = await callerToday(db, user, now);
  const where = await pledgeConditions(db, user, filters, today);
  const { count } = await countPledges(db, where);
  const rows = await loadPledgeRows(db, where, today, { limit: EXPORT_MAX_ROWS, offset: 0 });
  const keys = Object.keys(pledgeExportColumns) as ColumnKey[];
  const headers = keys.map((key) => t(pledgeExportColumns[key]));
  const records = rows.map((row) => keys.map((key) => cells(row, t)[key]));
  const note = rows.length < count ? t(messages.exportTruncated, { shown: rows.length, count }) : null;
  let body: Buffer;
  if (format === 'csv') {
    body = Buffer.from(`\ufeff${stringify([headers, ...records, ...(note ? [[note]] : [])])}`, 'utf8');
  } else {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pledges', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow(headers).font = { bold: true };
    for (const record of records) sheet.addRow(record);
    if (note) sheet.addRow([note]).font = { italic: true };
    body = Buffer.from(await workbook.xlsx.writeBuffer());
  }
  return { body, contentType: CONTENT_TYPES[format], filename: `pledges-${today}.${format}`, count, included: rows.length };
}
