import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages } from '../../../domain/messages';
import { asReasonCode, PAYMENT_REASON_MESSAGES } from '../../../domain/payment-reason-messages';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/statuses';
import { codeLabel, METHOD_LABELS, SHARE_LABELS, STATUS_LABELS } from './labels';

const byUser = (i18n: I18n, user: string) => i18n._(msg`by user #${user}`);
const providerSaid = (i18n: I18n, text: string) => i18n._(msg`provider's words: ${text}`);
const alreadyWas = (i18n: I18n, status: string) => i18n._(msg`the payment was already ${status}`);
/** Outcomes whose remaining detail is the provider's own text (a callback's or a status check's words). */
const FROM_PROVIDER = new Set(['pending', 'unconfirmed', 'completed', 'failed', 'canceled', 'late_success', 'ignored']);

function isMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * A payment event's detail in the reader's language. The engine stores codes and the shapes it
 * writes itself ("mobile by user 5", "church 1000, field 200", "insufficient_funds · <provider text>",
 * "no_account:12:TZS"), so they are read back here, as ADR 045 does for activity details; whatever
 * the provider said stays in its own words, marked as such. A shape this reader does not know is
 * shown as stored.
 */
export function eventDetailText(
  event: { outcome: string; detail: string | null },
  i18n: I18n,
  amount: (minorUnits: number) => string,
): string | null {
  const { detail, outcome } = event;
  if (!detail) return null;
  const say = (descriptor: MessageDescriptor) => i18n._(descriptor);

  if (outcome === 'created') {
    const created = /^(\w+)(?: by user (\d+))?$/.exec(detail);
    if (created?.[1] && isMethod(created[1])) {
      const method = say(METHOD_LABELS[created[1]]);
      return created[2] ? `${method}, ${byUser(i18n, created[2])}` : method;
    }
  }
  if (outcome === 'credited') {
    const parts = detail.split(', ').map((part) => /^(\w+) (\d+)$/.exec(part));
    if (parts.every((part) => part !== null)) {
      return parts.map((part) => `${codeLabel(SHARE_LABELS, part[1] ?? '', say)} ${amount(Number(part[2]))}`).join(' · ');
    }
  }
  const noAccount = /^no_account:(\d+):([A-Z]{3})$/.exec(detail);
  if (noAccount) return i18n._(messages.paymentsReasonNoAccount.id, { currency: noAccount[2], institution: `#${noAccount[1]}` });

  const cancelledBy = /^by user (\d+)(?:: (.*))?$/s.exec(detail);
  if (cancelledBy?.[1]) return cancelledBy[2] ? `${byUser(i18n, cancelledBy[1])}: ${cancelledBy[2]}` : byUser(i18n, cancelledBy[1]);

  const already = /^(.*) \(already (\w+)\)$/s.exec(detail);
  if (already?.[1] && already[2] && Object.hasOwn(STATUS_LABELS, already[2])) {
    const status = codeLabel(STATUS_LABELS, already[2], say).toLowerCase();
    return `${alreadyWas(i18n, status)} · ${providerSaid(i18n, already[1])}`;
  }

  // A transition's detail: "<reason code> · <provider text>", either part optional.
  const [head = '', ...rest] = detail.split(' · ');
  const reasonCode = asReasonCode(head);
  if (reasonCode) {
    const reason = say(PAYMENT_REASON_MESSAGES[reasonCode]);
    return rest.length > 0 ? `${reason} · ${providerSaid(i18n, rest.join(' · '))}` : reason;
  }
  return FROM_PROVIDER.has(outcome) ? providerSaid(i18n, detail) : detail;
}
