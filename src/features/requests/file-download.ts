import { LANG_HEADER } from '../../../domain/locale';
import { NetworkError, toApiError } from '../../lib/api-client';
import { getCurrentLocale } from '../../lib/current-locale';
import { getToken } from '../../lib/session';

/**
 * Fetches a document from the server's authorised URL (`/api/uploads/{id}`) with the session's
 * bearer token: a plain link cannot carry the Authorization header.
 */
async function fetchDocument(url: string): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: { [LANG_HEADER]: getCurrentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/** Saves the document under its original name. */
export async function downloadDocument(url: string, fileName: string): Promise<void> {
  const objectUrl = URL.createObjectURL(await fetchDocument(url));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium starts the download from the click synchronously.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}

/**
 * Shows the document in a new tab. The tab is opened before the fetch (inside the click) so
 * pop-up blockers allow it, then pointed at the file once it has arrived.
 */
export async function openDocument(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const objectUrl = URL.createObjectURL(await fetchDocument(url));
    if (tab) tab.location.href = objectUrl;
    else window.location.assign(objectUrl);
    // The tab keeps its own copy once loaded; a minute is plenty for a large PDF to open.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
