import type { PaymentInput } from '../../domain/api/payments';

/**
 * One payment attempt: the body a person confirmed and the Idempotency-Key that makes sending it
 * again harmless. A double click, a resend after a lost answer or a 409 "still processing" all
 * reuse the attempt, so the server answers with the payment it already made; only a deliberate
 * "Try again" after the payment was made and ended (or a changed body) starts a new attempt.
 */
export type PaymentAttempt = {
  readonly key: string;
  readonly body: PaymentInput;
  readonly bodyText: string;
  /** The server answered with the payment this attempt made (the key is now spent). */
  answered: boolean;
};

/** JSON with sorted keys: two bodies that mean the same give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A random UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newAttempt(body: PaymentInput, makeKey: () => string = randomKey): PaymentAttempt {
  return { key: makeKey(), body, bodyText: canonical(body), answered: false };
}

/**
 * Which attempt a press sends. The last one again when its body is the same and it has had no
 * answer (a double click, a press after a lost answer: the server may have made the payment, and
 * the same key makes sure it makes no second one), or when the press is not a deliberate retry.
 * A new attempt, with a new key, for a changed body or for "Try again" after an answered attempt.
 */
export function nextAttempt(current: PaymentAttempt | null, body: PaymentInput, options: { fresh?: boolean } = {}, makeKey: () => string = randomKey): PaymentAttempt {
  if (current && current.bodyText === canonical(body) && (!current.answered || !options.fresh)) return current;
  return newAttempt(body, makeKey);
}
