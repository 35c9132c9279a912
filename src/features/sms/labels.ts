import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SmsCampaignKind, SmsRecipientStatus } from '../../../domain/api/sms';
import type { StatusTone } from '../../components/ui/status-badge';

export const RECIPIENT_STATUS_LABELS: Record<SmsRecipientStatus, MessageDescriptor> = {
  scheduled: msg`Not sent yet`,
  queued: msg`Queued`,
  waiting_balance: msg`Waiting for SMS balance`,
  sent: msg`Sent`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
};

export const RECIPIENT_STATUS_TONES: Record<SmsRecipientStatus, StatusTone> = {
  scheduled: 'neutral',
  queued: 'info',
  waiting_balance: 'warning',
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
};

export const KIND_LABELS: Record<SmsCampaignKind, MessageDescriptor> = {
  all: msg`All members`,
  zone: msg`A zone or group`,
  pledges: msg`Members with pledges`,
  list: msg`A list of numbers`,
  phone: msg`One number`,
};

export const PLEDGE_WINDOW_LABELS: Record<'overdue' | '7d', MessageDescriptor> = { overdue: msg`Overdue pledges`, '7d': msg`Pledges due this week` };
