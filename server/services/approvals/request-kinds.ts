import type { Descriptor } from '../../../domain/messages-descriptor';
import { messages } from '../../../domain/messages';
import type { Feature } from '../../../domain/permissions';
import type { RequestType } from '../../../domain/statuses';
import { type AuthUser, hasGrant } from '../auth/auth-user';

/**
 * The permission that approves each type: 'approve' on `requests` AND on the feature the request
 * changes. Branch officers hold create/update there (they make), administrators hold approve.
 */
export const approvingFeature: Record<RequestType, Feature> = {
  application: 'requests',
  'bank-account': 'bankAccounts',
  'bank-user': 'users',
  'user-edit': 'users',
  'sms-topup': 'sms',
};

export const noAccessMessage: Record<RequestType, Descriptor> = {
  application: messages.boNoAccessApplication,
  'bank-account': messages.boNoAccessBankAccount,
  'bank-user': messages.boNoAccessBankUser,
  'user-edit': messages.boNoAccessUserEdit,
  'sms-topup': messages.boNoAccessSmsTopUp,
};

export function mayApprove(user: AuthUser, type: RequestType): boolean {
  return user.userType === 'bank' && hasGrant(user, 'requests', 'approve') && hasGrant(user, approvingFeature[type], 'approve');
}
