import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

// Server codes shown to people need words in both languages; unknown codes are shown as they come.
export const statusLabels: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  failed: msg`Failed`,
  completed: msg`Completed`,
  pending_cancel: msg`Pending cancel`,
  canceled: msg`Canceled`,
};

export const methodLabels: Record<string, MessageDescriptor> = {
  mobile: msg`Mobile money`,
  card: msg`Card`,
  bank: msg`Bank transfer`,
  cash: msg`Cash`,
  cheque: msg`Cheque`,
};
