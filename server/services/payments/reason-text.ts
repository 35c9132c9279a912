import { PAYMENT_REASON_CODES, type PaymentReasonCode } from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;

const REASONS: Record<PaymentReasonCode, { id: string; message: string }> = {
  refused: messages.paymentsReasonRefused,
  insufficient_funds: messages.paymentsReasonInsufficientFunds,
  timeout: messages.paymentsReasonTimeout,
  declined: messages.paymentsReasonDeclined,
  amount_mismatch: messages.paymentsReasonAmountMismatch,
  provider_error: messages.paymentsReasonProviderError,
  canceled_by_staff: messages.paymentsReasonCanceledByStaff,
  transfer_not_received: messages.paymentsReasonTransferNotReceived,
};

export function asReasonCode(value: string | null | undefined): PaymentReasonCode | undefined {
  return value && (PAYMENT_REASON_CODES as readonly string[]).includes(value) ? (value as PaymentReasonCode) : undefined;
}

/**
 * The payments engine stores reason CODES; older rows (and the demo data) hold plain English
 * text, which is shown as it is.
 */
export function reasonText(t: Translate, value: string | null | undefined): string | null {
  if (!value) return null;
  const code = asReasonCode(value);
  return code ? t(REASONS[code]) : value;
}

/** A failed credit's stored reason ("no_account:<institutionId>:<currency>") in words. */
export function creditReasonText(t: Translate, value: string | null, titleOf: (institutionId: number) => string | undefined): string | null {
  if (!value) return null;
  const match = /^no_account:(\d+):([A-Z]{3})$/.exec(value);
  if (!match) return value;
  return t(messages.paymentsReasonNoAccount, { currency: match[2], institution: titleOf(Number(match[1])) ?? `#${match[1]}` });
}
