import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PledgeDueFilter, PledgeState } from '../../../domain/api/pledges';
import type { StatusTone } from '../../components/ui/status-badge';

/** Spec §9's due windows (each from today), then overdue and fulfilled. */
export const DUE_FILTER_LABELS: Record<PledgeDueFilter, MessageDescriptor> = {
  today: msg`Due today`,
  '7d': msg`Due within 7 days`,
  '1m': msg`Due within 1 month`,
  '3m': msg`Due within 3 months`,
  '6m': msg`Due within 6 months`,
  overdue: msg`Overdue`,
  fulfilled: msg`Fulfilled`,
};

export const STATE_LABELS: Record<PledgeState, MessageDescriptor> = { open: msg`Open`, overdue: msg`Overdue`, fulfilled: msg`Fulfilled` };
export const STATE_TONES: Record<PledgeState, StatusTone> = { open: 'info', overdue: 'danger', fulfilled: 'success' };

export const PAYMENT_METHOD_LABELS: Record<'mobile' | 'card' | 'bank' | 'cash' | 'cheque', MessageDescriptor> = {
  mobile: msg`Mobile money`,
  card: msg`Card`,
  bank: msg`Bank transfer`,
  cash: msg`Cash`,
  cheque: msg`Cheque`,
};

export const TRIGGER_LABELS: Record<'schedule' | 'manual', MessageDescriptor> = { schedule: msg`Scheduled`, manual: msg`Remind now` };

/** What the SMS engine says of a reminder's message. */
export const SMS_STATUS_LABELS: Record<string, MessageDescriptor> = {
  queued: msg`Queued`,
  sent: msg`Sent`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
  waiting_balance: msg`Waiting for SMS balance`,
};
