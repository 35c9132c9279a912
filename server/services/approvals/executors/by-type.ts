import type { RequestType } from '../../../../domain/statuses';
import type { Executor } from '../executor';
import { applicationExecutor } from './application';
import { bankAccountExecutor } from './bank-account';
import { bankUserExecutor } from './bank-user';
import { smsTopUpExecutor } from './sms-topup';
import { userEditExecutor } from './user-edit';

/** One executor per request type (the Fineract "command handler"). */
export const executors: Record<RequestType, Executor<never>> = {
  application: applicationExecutor as unknown as Executor<never>,
  'bank-account': bankAccountExecutor as unknown as Executor<never>,
  'bank-user': bankUserExecutor as unknown as Executor<never>,
  'user-edit': userEditExecutor as unknown as Executor<never>,
  'sms-topup': smsTopUpExecutor as unknown as Executor<never>,
};
