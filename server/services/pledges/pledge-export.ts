import type { PledgeFilters, PledgeRow } from '../../../domain/api/pledges';
import { pledgeExportColumns, pledgeStateLabels } from '../../../domain/messages-pledges';
import { CURRENCY_EXPONENT } from '../../../domain/money';
import type { EXPORT_FORMATS } from '../../../domain/receipt-rules';
import type { Db } from '../../db/client';
import { inKeysetBatches } from '../../lib/export/batches';
import { type ExportColumn, writeExport } from '../../lib/export/export-writer';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { callerToday, pledgeConditions } from './pledge-filters';
import { countPledges, loadKeyedPledgeRows, type PledgeKey } from './pledge-list';

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
 * the caller's language. Every matching pledge, soonest due first, streamed (ADR 060): `batchRows`
 * at a time after the last (due date, id) seen.
 */
export async function exportPledges(db: Db, user: AuthUser, filters: PledgeFilters, format: Format, t: Translate, now: Date, batchRows: number) {
  const today = callerToday(user, now);
  const where = await pledgeConditions(db, user, filters, today);
  // Counted first: the header tells the page how many rows are coming, before the first one.
  const { count } = await countPledges(db, where);
  const rows = (async function* () {
    const keyed = inKeysetBatches((after: PledgeKey | null, limit) => loadKeyedPledgeRows(db, where, today, limit, after), ({ key }) => key, batchRows);
    for await (const { row } of keyed) yield cells(row, t);
  })();
  const keys = Object.keys(pledgeExportColumns) as ColumnKey[];
  type Cells = Record<ColumnKey, string>;
  const columns: Array<ExportColumn<Cells>> = keys.map((key) => ({ header: t(pledgeExportColumns[key]), value: (record) => record[key] }));
  const file = await writeExport({ title: 'Pledges', columns, rows, t }, format);
  return { body: file.body, contentType: file.contentType, filename: `pledges-${today}.${format}`, count, included: count };
}
