export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** A Retry-After beyond this is treated as this: a misconfigured proxy must not park the queue for days. */
export const RETRY_AFTER_CAP_MS = 60 * 60_000;

/**
 * How long to wait after the `failures`-th failure in a row: doubling from 1 s up to 5 min, with
 * "equal jitter" (half fixed, half random) so a room of phones coming back online together does not
 * hit the server in lock-step — and never sooner than the server's Retry-After.
 */
export function backoffDelay(failures: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1));
  const jittered = Math.max(BACKOFF_MIN_MS, ceiling / 2 + random() * (ceiling / 2));
  const serverAsked = retryAfterMs === null ? 0 : Math.min(RETRY_AFTER_CAP_MS, Math.max(0, retryAfterMs));
  return Math.round(Math.max(jittered, serverAsked));
}

/** Retry-After is either seconds or an HTTP date (RFC 9110 §10.2.3); anything else is ignored. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
