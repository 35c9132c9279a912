import { searchOf, type TransactionFilters } from './api';
import { paymentPaths } from './contract';

export type ExportFormat = 'csv' | 'xlsx';

/** The transactions export's address and file name for these filters (every matching row, streamed). */
export function transactionsExport(filters: TransactionFilters, format: ExportFormat): { path: string; fileName: string } {
  return { path: `${paymentPaths.transactionsExport}${searchOf({ ...filters, format })}`, fileName: `transactions.${format}` };
}
