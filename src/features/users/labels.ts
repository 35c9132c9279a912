import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccountStatus } from '../../../domain/statuses';
import type { StatusTone } from '../../components/ui/status-badge';

export const accountStatusLabels: Record<AccountStatus, MessageDescriptor> = { activated: msg`Activated`, disabled: msg`Disabled` };
export const accountStatusTones: Record<AccountStatus, StatusTone> = { activated: 'success', disabled: 'danger' };
