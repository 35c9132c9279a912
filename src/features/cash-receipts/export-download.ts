import type { EXPORT_FORMATS } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { downloadFile } from '../../lib/export-download';
import { historySearch, type HistoryFilters } from './api';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Downloads the history export (the server builds the CSV or Excel file). */
export async function downloadExport(institutionId: number, filters: HistoryFilters, format: ExportFormat): Promise<void> {
  await downloadFile(`${apiPaths.cashReceiptsExport}${historySearch(filters, { institutionId, format })}`, `cash-receipts.${format}`);
}
