import type { EXPORT_FORMATS } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { historySearch, type HistoryFilters } from './api';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The history export's address and file name (the server builds and streams the CSV or Excel file). */
export function receiptsExport(institutionId: number, filters: HistoryFilters, format: ExportFormat): { path: string; fileName: string } {
  return { path: `${apiPaths.cashReceiptsExport}${historySearch(filters, { institutionId, format })}`, fileName: `cash-receipts.${format}` };
}
