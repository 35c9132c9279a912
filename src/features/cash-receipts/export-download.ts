import type { EXPORT_FORMATS } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { LANG_HEADER } from '../../../domain/locale';
import { API_BASE } from '../../../domain/paths';
import { NetworkError, toApiError } from '../../lib/api-client';
import { getCurrentLocale } from '../../lib/current-locale';
import { getToken } from '../../lib/session';
import { historySearch, type HistoryFilters } from './api';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

function fileNameFrom(disposition: string | null, format: ExportFormat): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : `cash-receipts.${format}`;
}

/**
 * Downloads the history export with the session's bearer token. A plain link cannot carry the
 * Authorization header, so the file is fetched (same headers and typed errors as api-client.ts)
 * and handed to the browser as a blob.
 */
export async function downloadExport(institutionId: number, filters: HistoryFilters, format: ExportFormat): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${apiPaths.cashReceiptsExport}${historySearch(filters, { institutionId, format })}`, {
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
}
