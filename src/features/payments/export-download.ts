import { downloadFile } from '../../lib/export-download';
import { searchOf, type TransactionFilters } from './api';
import { paymentPaths } from './contract';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Downloads the transactions export (the server builds the CSV or Excel file). Returns how many
 * rows the file has of how many matched (the server caps very large exports and says so).
 */
export async function downloadTransactions(filters: TransactionFilters, format: ExportFormat): Promise<{ included: number; count: number }> {
  const headers = await downloadFile(`${paymentPaths.transactionsExport}${searchOf({ ...filters, format })}`, `transactions.${format}`);
  const included = Number(headers.get('x-export-included') ?? Number.NaN);
  const count = Number(headers.get('x-export-count') ?? Number.NaN);
  return { included, count };
}
