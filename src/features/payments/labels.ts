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
