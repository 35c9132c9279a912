import { LANG_HEADER } from '../../../domain/locale';
import { API_BASE } from '../../../domain/paths';
import { NetworkError, toApiError } from '../../lib/api-client';
import { getCurrentLocale } from '../../lib/current-locale';
import { getToken } from '../../lib/session';
import { searchOf, type TransactionFilters } from './api';
import { paymentPaths } from './contract';

export type ExportFormat = 'csv' | 'xlsx';

function fileNameFrom(disposition: string | null, format: ExportFormat): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : `transactions.${format}`;
}

/**
 * Downloads the transactions export (the server builds the CSV or Excel file, in the caller's
 * language) with the session's bearer token: a plain link cannot carry the Authorization header,
 * so the file is fetched and handed to the browser as a blob. Returns how many rows the file has
 * of how many matched (the server caps very large exports and says so).
 */
export async function downloadTransactions(filters: TransactionFilters, format: ExportFormat): Promise<{ included: number; count: number }> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${paymentPaths.transactionsExport}${searchOf({ ...filters, format })}`, {
      headers: { [LANG_HEADER]: getCurrentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('content-disposition'), format);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the click synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  const included = Number(response.headers.get('x-export-included') ?? Number.NaN);
  const count = Number(response.headers.get('x-export-count') ?? Number.NaN);
  return { included, count };
}
