import { LANG_HEADER } from '../../domain/locale';
import { API_BASE } from '../../domain/paths';
import { NetworkError, toApiError } from './api-client';
import { getCurrentLocale } from './current-locale';
import { getToken } from './session';

/** How much of a download has arrived; `rows` only for CSV, whose lines can be counted as they come. */
export type DownloadProgress = { bytes: number; rows: number | null; total: number | null };
export type DownloadOptions = { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal };

const NEWLINE = 0x0a;

function fileNameFrom(disposition: string | null, fallbackName: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallbackName;
}

/** The rows the server said the file holds (sent ahead of the rows, ADR 060), when it said. */
function totalOf(headers: Headers): number | null {
  const total = Number(headers.get('x-export-included') ?? Number.NaN);
  return Number.isFinite(total) ? total : null;
}

/** A download the reader stopped (the fetch's AbortSignal): not an error to report. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The body as a blob, read chunk by chunk so the page can say how much has arrived: the server
 * streams large exports as it builds them. A CSV's rows are its line feeds after the header (a
 * note with a line break may count twice, hence the cap at the total). If the server aborts the
 * stream mid-way the reader rejects, and no file is saved.
 */
async function readWithProgress(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const total = totalOf(response.headers);
  const countRows = (response.headers.get('content-type') ?? '').startsWith('text/csv');
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    if (countRows) for (const byte of value) if (byte === NEWLINE) lines += 1;
    const rows = countRows ? Math.max(0, Math.min(lines - 1, total ?? Number.POSITIVE_INFINITY)) : null;
    onProgress({ bytes, rows, total });
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

/**
 * Downloads a file the server builds (CSV, Excel, PDF, in the reader's language) at `${API_BASE}${path}`.
 * A plain link cannot carry the Authorization header, so the file is fetched with the session's
 * bearer token (same headers and typed errors as api-client.ts) and handed to the browser as a
 * blob, named as the server says or else `fallbackName`. Resolves with the reply's headers: some
 * exports say there how many rows they hold. Rejects with an AbortError when `signal` fires.
 */
export async function downloadFile(path: string, fallbackName: string, options: DownloadOptions = {}): Promise<Headers> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: { [LANG_HEADER]: getCurrentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (isCancelled(error)) throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  const blob = options.onProgress ? await readWithProgress(response, options.onProgress) : await response.blob();
  const url = URL.createObjectURL(blob);
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
