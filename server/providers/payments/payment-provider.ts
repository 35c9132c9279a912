import type { PaymentReasonCode } from '../../../domain/api/payments';

/**
 * What the payments engine needs from a mobile-money/card aggregator, in our words. Selcom is the
 * one implementation (selcom-provider.ts); another aggregator with the same shape (start, provider
 * reference, callback, status query, cancel) would be another adapter, and the engine would not change.
 */

/** The provider's view of one payment, normalised. */
export type ProviderOutcome = {
  state: 'pending' | 'completed' | 'failed' | 'canceled';
  reasonCode?: PaymentReasonCode | undefined;
  /** What the provider says was paid, in MAJOR units as it wrote it ("15000"); null when it did not say. */
  paidAmount: string | null;
  /** The operator's / card network's transaction id. */
  trxId: string | null;
  /** The provider's own reference. */
  providerRef: string | null;
  /** The provider's words, for our event log only (never shown to payers as-is). */
  detail: string;
};

export type StartInput = {
  paymentId: string;
  referenceNo: string;
  amount: number;
  currency: string;
  /** E.164. */
  phone: string;
  payerName: string;
  payerEmail: string | null;
  /** A known member's own details (card billing); null for a guest, of whom only the phone is known. */
  payer: { firstName: string; lastName: string; addressLine: string | null; city: string | null; country: string } | null;
  webhookUrl: string;
  /** Card: where the hosted page returns the payer. */
  returnUrl?: string;
  lineCount: number;
};

/** A definite answer to a start request; anything ambiguous (timeout, 5xx) is thrown as ProviderUnavailable. */
export type StartResult =
  | { kind: 'started'; providerRef: string | null; checkoutUrl: string | null }
  | { kind: 'rejected'; reasonCode: PaymentReasonCode; detail: string };

export type CancelResult = 'canceled' | 'not_cancelable' | 'unknown_order';

export type CallbackCheck = { ok: true; paymentId: string; outcome: ProviderOutcome } | { ok: false; why: string; paymentId: string | null };

export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

export type PaymentProvider = {
  name: string;
  startMobilePush(input: StartInput): Promise<StartResult>;
  startCardCheckout(input: StartInput): Promise<StartResult>;
  /** null when the provider has no such payment (the start never reached it). */
  status(paymentId: string, currency: string): Promise<ProviderOutcome | null>;
  cancel(paymentId: string): Promise<CancelResult>;
  /** Authenticates and reads a callback; a bad signature is `ok: false` and must change nothing. */
  readCallback(headers: Record<string, string | string[] | undefined>, body: unknown): CallbackCheck;
};
