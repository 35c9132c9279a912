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
/**
 * The body as a blob, read chunk by chunk so the page can say how much has arrived: the server
 * streams large exports (a congregation's statements, 100,000 rows) as it builds them.
 */
async function readWithProgress(response: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

export async function downloadFile(path: string, fallbackName: string, onProgress?: (bytes: number) => void): Promise<Headers> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { [LANG_HEADER]: getCurrentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(onProgress ? await readWithProgress(response, onProgress) : await response.blob());
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
