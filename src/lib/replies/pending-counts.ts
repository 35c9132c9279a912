import type { PendingRegistration } from '../../../domain/api/shell';
import { integer, record, type Reader } from '../reply-checks';

/**
 * PendingRegistration of domain/api/shell.ts, read without zod (lib/reply-checks.ts): the requests
 * waiting for a checker, per tab, as the bank dashboard and the requests list carry them.
 */
export const pendingCounts: Reader<PendingRegistration> = record({ total: integer, account: integer, registration: integer, user: integer, userEdit: integer, smsTopUp: integer });
