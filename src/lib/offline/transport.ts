import type { SyncResult } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { LANG_HEADER } from '../../../domain/locale';
import { API_BASE } from '../../../domain/paths';
import { SYNC_STATUSES } from '../../../domain/receipt-rules';
import { parseRetryAfter } from './backoff';
import { integer, list, oneOf, optional, record, text, type Reader } from '../reply-checks';
import type { SendAuth } from './types';

export type SyncEndpoint = 'batches' | 'members' | 'receipts';

/** The contract's result (SyncResponse), with the machine `code` the server adds (`phone_taken`, `content_differs`, …). */
export type SyncAnswer = SyncResult;
const SyncAnswers: Reader<{ results: SyncAnswer[] }> = record({
  results: list(
    record({
      id: text,
      status: oneOf(SYNC_STATUSES),
      receiptNo: optional(text),
      memberId: optional(integer),
      memberCode: optional(text),
      message: optional(text),
      code: optional(text),
    }),
  ),
});

/** What one request came to, in the terms the flusher acts on. */
export type SendResult =
  | { kind: 'results'; results: SyncAnswer[] }
  /** Never reached the server, or the answer was lost: keep everything and back off. */
  | { kind: 'network' }
  /** 401/423: the session is gone; pause the queue until someone signs in. */
  | { kind: 'unauthorized' }
  /** 429, 5xx, an unreadable answer: keep everything, back off, honour Retry-After. */
  | { kind: 'retry'; status: number; retryAfterMs: number | null }
  /** 400/403/413/422 for the whole request: every entry in it is refused with this reason. */
  | { kind: 'refused'; status: number; message: string };

export type OutboxTransport = {
  /** Who is signed in now, read at send time; null when nobody is. */
  auth(): Promise<SendAuth | null>;
  send(endpoint: SyncEndpoint, entries: readonly unknown[], auth: SendAuth): Promise<SendResult>;
};

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

const PATHS: Record<SyncEndpoint, string> = {
  batches: apiPaths.receiptBatchesSync,
  members: apiPaths.membersSync,
  receipts: apiPaths.cashReceiptsSync,
};
const REFUSED = new Set([400, 403, 413, 422]);

/**
 * The real transport: JSON over fetch with the bearer token and language of the moment. Works in
 * a page, the service worker and Node (the bench), so it uses nothing but fetch.
 */
export function createHttpTransport(options: { auth: () => Promise<SendAuth | null>; baseUrl?: string; fetch?: FetchLike; now?: () => number }): OutboxTransport {
  const baseUrl = options.baseUrl ?? API_BASE;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  return {
    auth: options.auth,
    async send(endpoint, entries, auth) {
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}${PATHS[endpoint]}`, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${auth.token}`,
            [LANG_HEADER]: auth.locale,
          },
          body: JSON.stringify({ [endpoint]: entries }),
        });
      } catch {
        return { kind: 'network' };
      }
      return readResponse(response, now());
    },
  };
}

async function readResponse(response: Response, now: number): Promise<SendResult> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML page or a cut connection: the status decides.
    if (response.ok) return { kind: 'network' };
  }
  if (response.status === 401 || response.status === 423) return { kind: 'unauthorized' };
  if (REFUSED.has(response.status)) {
    const message = typeof (body as { message?: unknown } | null)?.message === 'string' ? (body as { message: string }).message : response.statusText;
    return { kind: 'refused', status: response.status, message };
  }
  if (response.ok) {
    try {
      return { kind: 'results', results: SyncAnswers(body, '').results };
    } catch {
      return { kind: 'retry', status: 500, retryAfterMs: null };
    }
  }
  return { kind: 'retry', status: response.status, retryAfterMs: parseRetryAfter(response.headers.get('Retry-After'), now) };
}
