import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RegistrationStep } from '../../../domain/api/back-office-registration';
import type { RegistrationStatus } from '../../../domain/statuses';
import type { StatusTone } from '../../components/ui/status-badge';

export const stepLabels: Record<RegistrationStep, MessageDescriptor> = {
  institution: msg`Institution details`,
  bankAccount: msg`Bank account`,
  signatories: msg`Signatories`,
  defaultUser: msg`Default user`,
  extras: msg`Referral and channel`,
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
