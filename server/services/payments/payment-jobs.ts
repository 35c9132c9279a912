import { createHash } from 'node:crypto';

export const PAYMENT_POLL_QUEUE = 'payment-poll';
export const PAYMENT_CREDIT_QUEUE = 'payment-credit';

/** A poll that errors (database down) is retried by pg-boss; the schedule itself chains the next poll. */
export const PAYMENT_POLL_QUEUE_OPTIONS = { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };
export const PAYMENT_CREDIT_QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 };

export type PaymentPollJob = { paymentId: string; attempt: number };
export type PaymentCreditJob = { paymentId: string };

/** A UUID derived from a name, so enqueueing the same poll or credit twice is one job (pg-boss ignores the duplicate id). */
export function paymentJobId(name: string): string {
  const hex = createHash('sha256').update(`sadaka:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The poll offsets of one payment: the engine's schedule plus its own timeout moment (so an
 * unanswered push is cancelled right when it times out, not at the next hourly poll).
 */
export function pollOffsets(schedule: readonly number[], timeoutSeconds: number): number[] {
  return [...new Set([...schedule, Math.max(0, Math.ceil(timeoutSeconds))])].sort((a, b) => a - b);
}

/** Index of the first poll not yet due at `elapsedSeconds` (where a restarted server resumes). */
export function nextAttemptAt(offsets: readonly number[], elapsedSeconds: number): number {
  const index = offsets.findIndex((offset) => offset > elapsedSeconds);
  return index === -1 ? offsets.length - 1 : index;
}
