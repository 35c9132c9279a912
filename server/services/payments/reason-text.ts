import { asReasonCode, PAYMENT_REASON_MESSAGES } from '../../../domain/payment-reason-messages';
import { messages } from '../../../domain/messages';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;

/**
 * The payments engine stores reason CODES; older rows (and the demo data) hold plain English
 * text, which is shown as it is.
 */
export function reasonText(t: Translate, value: string | null | undefined): string | null {
  if (!value) return null;
  const code = asReasonCode(value);
  return code ? t(PAYMENT_REASON_MESSAGES[code]) : value;
}

/** A failed credit's stored reason ("no_account:<institutionId>:<currency>") in words. */
export function creditReasonText(t: Translate, value: string | null, titleOf: (institutionId: number) => string | undefined): string | null {
  if (!value) return null;
  const match = /^no_account:(\d+):([A-Z]{3})$/.exec(value);
  if (!match) return value;
  return t(messages.paymentsReasonNoAccount, { currency: match[2], institution: titleOf(Number(match[1])) ?? `#${match[1]}` });
}
