import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PendingRegistration } from '../../../domain/api/shell';
import type { RegistrationStatus, RequestStatus, RequestType } from '../../../domain/statuses';
import type { StatusTone } from '../../components/ui/status-badge';

export const requestTypeLabels: Record<RequestType, MessageDescriptor> = {
  application: msg`Applications`,
  'bank-account': msg`Bank accounts`,
  'bank-user': msg`Bank users`,
  'user-edit': msg`User edits`,
  'sms-topup': msg`SMS top-ups`,
};

/** One request of each type, for the detail page's heading. */
export const requestTypeSingular: Record<RequestType, MessageDescriptor> = {
  application: msg`Application`,
  'bank-account': msg`Bank account`,
  'bank-user': msg`Bank user`,
  'user-edit': msg`User edit`,
  'sms-topup': msg`SMS top-up`,
};

/** Which number of the pending counts (the menu badge's) belongs to each tab. */
export const countOfType: Record<RequestType, keyof PendingRegistration> = {
  application: 'registration',
  'bank-account': 'account',
  'bank-user': 'user',
  'user-edit': 'userEdit',
  'sms-topup': 'smsTopUp',
};

export const requestStatusLabels: Record<RequestStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  approved: msg`Approved`,
  denied: msg`Denied`,
  rejected: msg`Rejected`,
  not_approved: msg`Not approved`,
};

export const requestStatusTones: Record<RequestStatus, StatusTone> = {
  requested: 'warning',
  approved: 'success',
  denied: 'danger',
  rejected: 'danger',
  not_approved: 'neutral',
};

export const registrationStatusLabels: Record<RegistrationStatus, MessageDescriptor> = {
  unfinished: msg`Unfinished`,
  submitted: msg`Submitted, waiting for approval`,
  completed: msg`Completed`,
  rejected: msg`Rejected`,
};

export const registrationStatusTones: Record<RegistrationStatus, StatusTone> = {
  unfinished: 'neutral',
  submitted: 'warning',
  completed: 'success',
  rejected: 'danger',
};
