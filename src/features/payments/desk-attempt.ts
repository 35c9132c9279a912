import type { PaymentInput } from '../../../domain/api/payments';

/**
 * The Idempotency-Key of one desk push attempt: kept while the body is unchanged and the server has
 * not answered (a double click or a resend after a lost answer makes no second push), new for a
 * changed body or once the server has answered.
 */
export type DeskAttempt = { key: string; bodyText: string; answered: boolean };

export function deskAttempt(current: DeskAttempt | null, body: PaymentInput): DeskAttempt {
  const bodyText = JSON.stringify(body);
  if (current && !current.answered && current.bodyText === bodyText) return current;
  return { key: crypto.randomUUID(), bodyText, answered: false };
}
