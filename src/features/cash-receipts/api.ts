import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CashReceiptQuery } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { api } from '../../lib/api-client';
import { BatchList, CashReceiptPage } from './replies';

/** Filters of the history as the server takes them (domain/api/receipts.ts CashReceiptQuery). */
export type HistoryFilters = Omit<CashReceiptQuery, 'limit' | 'offset' | 'cursor' | 'institutionId'>;

export const HISTORY_PAGE_SIZE = 25;

/** Query string of the filters that are set; empty ones are left out so the server sees no "". */
export function historySearch(filters: HistoryFilters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const cashReceiptKeys = {
  all: ['cash-receipts'] as const,
  batches: (institutionId: number) => [...cashReceiptKeys.all, 'batches', institutionId] as const,
  history: (institutionId: number, filters: HistoryFilters, cursor: string | null) => [...cashReceiptKeys.all, 'history', institutionId, filters, cursor] as const,
};

export const cashReceiptQueries = {
  /** Batches the server knows (from every device of the institution), with their synced counts. */
  batches: (institutionId: number) =>
    queryOptions({
      queryKey: cashReceiptKeys.batches(institutionId),
      queryFn: ({ signal }) => api.get(`${apiPaths.receiptBatches}${historySearch({}, { institutionId })}`, BatchList, signal),
      staleTime: 30_000,
      retry: false,
    }),
  /** Keyset pages (ADR 062): `cursor` is the previous page's `nextCursor`, null for the first. */
  history: (institutionId: number, filters: HistoryFilters, cursor: string | null) =>
    queryOptions({
      queryKey: cashReceiptKeys.history(institutionId, filters, cursor),
      queryFn: ({ signal }) =>
        api.get(`${apiPaths.cashReceipts}${historySearch(filters, { institutionId, limit: HISTORY_PAGE_SIZE, ...(cursor ? { cursor } : {}) })}`, CashReceiptPage, signal),
      placeholderData: keepPreviousData,
      // Offline the request fails at once; the page shows the device's entries instead of retrying.
      retry: false,
    }),
};
