import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PendingTransferPage } from '../../../domain/api/bank-transfers';
import type { PaymentStatusView } from '../../../domain/api/payments';
import { api } from '../../lib/api-client';
import { paymentKeys, searchOf } from './api';
import { paymentPaths } from './contract';

export const TRANSFER_PAGE_SIZE = 25;

/**
 * Repeated from domain/api/bank-transfers.ts (bankTransferPaths.pending) for the reason given in
 * ./contract.ts: that module builds zod schemas the route chunk must not carry. Held equal by
 * test/client/payments-contract.test.ts.
 */
export const pendingTransfersPath = '/payments/bank-transfers';

/** Under paymentKeys.all, so whatever refreshes the payments lists refreshes this one too. */
export const transferKeys = { pending: (cursor: string | null) => [...paymentKeys.all, 'bank-transfers', cursor] as const };

export const transferQueries = {
  pending: (cursor: string | null) =>
    queryOptions({
      queryKey: transferKeys.pending(cursor),
      queryFn: ({ signal }) => api.get<PendingTransferPage>(`${pendingTransfersPath}${searchOf({ limit: TRANSFER_PAGE_SIZE, cursor: cursor ?? '' })}`, undefined, signal),
      placeholderData: keepPreviousData,
      // Another officer may confirm or cancel one meanwhile.
      refetchInterval: 30_000,
    }),
};

export const transferActions = {
  /** The bank's own reference of the incoming transfer and the amount that arrived (minor units). */
  confirm: (id: string, body: { bankReference: string; amount: number }) => api.post<PaymentStatusView>(paymentPaths.confirmTransfer(id), body),
  cancel: (id: string, reason: string) => api.post<PaymentStatusView>(paymentPaths.cancelPayment(id), reason ? { reason } : {}),
};
