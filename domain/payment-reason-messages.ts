import { PAYMENT_REASON_CODES, type PaymentReasonCode } from './api/payments';
import { messages } from './messages';

/** Why a payment ended as it did: each stored reason code's words, for the server's answers and the client's history. */
export const PAYMENT_REASON_MESSAGES: Record<PaymentReasonCode, { id: string; message: string }> = {
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
