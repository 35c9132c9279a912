import { LANG_HEADER } from '../../domain/locale';
import { API_BASE } from '../../domain/paths';
import { NetworkError, toApiError } from './api-client';
import { getCurrentLocale } from './current-locale';
import { getToken } from './session';

function fileNameFrom(disposition: string | null, fallbackName: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
}

/**
 * Downloads a file the server builds (CSV, Excel, PDF, in the reader's language) at `${API_BASE}${path}`.
 * A plain link cannot carry the Authorization header, so the file is fetched with the session's
 * bearer token (same headers and typed errors as api-client.ts) and handed to the browser as a
 * blob, named as the server says or else `fallbackName`. Resolves with the reply's headers: some
 * exports say there how many rows they hold.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<Headers> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { [LANG_HEADER]: getCurrentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the click synchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return response.headers;
}
