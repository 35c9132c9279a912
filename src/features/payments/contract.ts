import type { DateRange } from '../../../domain/api/payments';
import type { TransactionStatus } from '../../../domain/statuses';

/**
 * Values of the payments contract (domain/api/payments.ts) these screens need at run time. Its
 * module builds zod schemas and pulls libphonenumber when imported, ~55 KiB gzip that would join
 * every route chunk here (budget 50 KiB each); so only its types are imported and these few values
 * are repeated, held equal to the originals by test/client/payments-contract.test.ts.
 */
export const paymentPaths = {
  payments: '/payments',
  paymentById: (id: string) => `/payments/${encodeURIComponent(id)}`,
  checkPayment: (id: string) => `/payments/${encodeURIComponent(id)}/check`,
  cancelPayment: (id: string) => `/payments/${encodeURIComponent(id)}/cancel`,
  confirmTransfer: (id: string) => `/payments/${encodeURIComponent(id)}/confirm-transfer`,
  pendingPushes: '/payments/pending',
  lookupPhone: '/giving/lookup-phone',
  institutions: '/giving/institutions',
  institutionById: (id: number) => `/giving/institutions/${id}`,
  transactions: '/transactions',
  transactionById: (id: string) => `/transactions/${encodeURIComponent(id)}`,
  transactionsExport: '/transactions/export',
  failedCredits: '/payments/failed-credits',
  retryCredit: (id: string) => `/payments/${encodeURIComponent(id)}/retry-credit`,
  settlements: '/settlements',
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const STATUS_FILTERS: ReadonlyArray<TransactionStatus | 'all'> = ['all', 'pending', 'failed', 'completed', 'pending_cancel', 'canceled'];
export const DATE_RANGE_OPTIONS: readonly DateRange[] = ['today', '7d', '1m', '3m', '6m', 'custom'];
