import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DateRange } from '../../../domain/api/payments';
import type { PaymentMethod, TransactionStatus } from '../../../domain/statuses';

export const STATUS_LABELS: Record<TransactionStatus | 'all', MessageDescriptor> = {
  all: msg`All`,
  pending: msg`Pending`,
  failed: msg`Failed`,
  completed: msg`Completed`,
  pending_cancel: msg`Pending cancel`,
  canceled: msg`Canceled`,
};

export const RANGE_LABELS: Record<DateRange, MessageDescriptor> = {
  today: msg`Today`,
  '7d': msg`7 days`,
  '1m': msg`1 month`,
  '3m': msg`3 months`,
  '6m': msg`6 months`,
  custom: msg`Custom`,
};

export const METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  mobile: msg`Mobile money`,
  card: msg`Card`,
  bank: msg`Bank transfer`,
  cash: msg`Cash`,
  cheque: msg`Cheque`,
};

export const CREDIT_LABELS = {
  pending: msg`Credit pending`,
  credited: msg`Credited`,
  failed: msg`Credit failed`,
} as const;

/** Ledger accounts a transaction's entry posts to (`share:<level>` is that level's part of the offering). */
export const LEDGER_ACCOUNT_LABELS: Record<string, MessageDescriptor> = {
  clearing: msg`Clearing account`,
  fees: msg`Fees`,
  'share:church': msg`Church's share`,
  'share:field': msg`Field's share`,
  'share:union': msg`Union's share`,
};

/** Whose share a credit to an account carries. */
export const SHARE_LABELS: Record<string, MessageDescriptor> = {
  church: msg`Church's share`,
  field: msg`Field's share`,
  union: msg`Union's share`,
};

/** Where an event in a payment's history came from, and what it said. */
export const EVENT_SOURCE_LABELS: Record<string, MessageDescriptor> = {
  start: msg`Started`,
  callback: msg`Provider callback`,
  poll: msg`Status check`,
  check: msg`Status check by staff`,
  cancel: msg`Cancel`,
  timeout: msg`Timeout`,
  credit: msg`Account credit`,
  transfer: msg`Bank transfer`,
};

export const EVENT_OUTCOME_LABELS: Record<string, MessageDescriptor> = {
  created: msg`created`,
  push_sent: msg`request sent to the phone`,
  checkout_opened: msg`card checkout opened`,
  pending: msg`pending`,
  completed: msg`completed`,
  failed: msg`failed`,
  pending_cancel: msg`cancel pending`,
  canceled: msg`cancelled`,
  credited: msg`credited`,
  credit_failed: msg`credit failed`,
  provider_unavailable: msg`provider unavailable`,
  unconfirmed: msg`not confirmed`,
  late_success: msg`late success`,
  ignored: msg`ignored`,
  bad_signature: msg`rejected: bad signature`,
  unknown_payment: msg`unknown payment`,
};

/** A code in the reader's language; a code no map knows is shown as stored. */
export function codeLabel(map: Record<string, MessageDescriptor>, code: string, say: (descriptor: MessageDescriptor) => string): string {
  const known = map[code];
  return known ? say(known) : code;
}
