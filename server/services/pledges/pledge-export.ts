import type { PledgeFilters, PledgeRow } from '../../../domain/api/pledges';
import { messages } from '../../../domain/messages';
import { pledgeExportColumns, pledgeStateLabels } from '../../../domain/messages-pledges';
import { CURRENCY_EXPONENT } from '../../../domain/money';
import { EXPORT_MAX_ROWS, type EXPORT_FORMATS } from '../../../domain/receipt-rules';
import type { Db } from '../../db/client';
import { type ExportColumn, writeExport } from '../../lib/export/export-writer';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { callerToday, pledgeConditions } from './pledge-filters';
import { countPledges, loadPledgeRows } from './pledge-list';

type Format = (typeof EXPORT_FORMATS)[number];
type ColumnKey = keyof typeof pledgeExportColumns;
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

/**
 * The filtered pledge list as a file through the one export writer (formula-safe cells), headed in
 * the caller's language; at most EXPORT_MAX_ROWS, with a closing line when the filters match more.
 */
export async function exportPledges(db: Db, user: AuthUser, filters: PledgeFilters, format: Format, t: Translate, now: Date) {
  const today = await callerToday(db, user, now);
  const where = await pledgeConditions(db, user, filters, today);
  const { count } = await countPledges(db, where);
  const rows = await loadPledgeRows(db, where, today, { limit: EXPORT_MAX_ROWS, offset: 0 });
  const keys = Object.keys(pledgeExportColumns) as ColumnKey[];
  type Cells = Record<ColumnKey, string>;
  const columns: Array<ExportColumn<Cells>> = keys.map((key) => ({ header: t(pledgeExportColumns[key]), value: (record) => record[key] }));
  const note = rows.length < count ? t(messages.exportTruncated, { shown: rows.length, count }) : null;
  const file = await writeExport({ title: 'Pledges', columns, rows: rows.map((row) => cells(row, t)), footer: note }, format);
  return { body: file.body, contentType: file.contentType, filename: `pledges-${today}.${format}`, count, included: rows.length };
}
