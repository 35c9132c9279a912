import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CreditResult,
  FailedCreditRow,
  GivingInstitution,
  PaymentCreated,
  PaymentInput,
  PaymentStatusView,
  PhoneLookupResult,
  SettlementPage,
  SettlementQuery,
  TransactionDetail,
  TransactionPage,
  TransactionQuery,
  TransactionRow,
} from '../../../domain/api/payments';
import { LANG_HEADER } from '../../../domain/locale';
import { API_BASE } from '../../../domain/paths';
import { ApiError, api, NetworkError, toApiError } from '../../lib/api-client';
import { getCurrentLocale } from '../../lib/current-locale';
import { getToken } from '../../lib/session';
import { IDEMPOTENCY_HEADER, paymentPaths as paymentApiPaths } from './contract';

export const PAGE_SIZE = 25;

type GivingInstitutionList = { data: GivingInstitution[] };
type PendingPushPage = { data: TransactionRow[]; count: number; nextCursor: string | null };
type FailedCreditPage = { data: FailedCreditRow[]; count: number; nextCursor: string | null };

/** Transaction filters as the server takes them (TransactionQuery without paging). */
export type TransactionFilters = Omit<TransactionQuery, 'limit' | 'offset' | 'cursor'>;

/** Query string of the values that are set; empty ones are left out so the server never sees "". */
export function searchOf(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const paymentKeys = {
  all: ['payments'] as const,
  transactions: (filters: TransactionFilters, cursor: string | null) => [...paymentKeys.all, 'transactions', filters, cursor] as const,
  transaction: (id: string) => [...paymentKeys.all, 'transaction', id] as const,
  pending: (cursor: string | null) => [...paymentKeys.all, 'pending', cursor] as const,
  failedCredits: (cursor: string | null) => [...paymentKeys.all, 'failed-credits', cursor] as const,
  settlements: (query: SettlementQuery) => [...paymentKeys.all, 'settlements', query] as const,
  payment: (id: string) => [...paymentKeys.all, 'payment', id] as const,
  institutions: (search: string) => [...paymentKeys.all, 'institutions', search] as const,
  institution: (id: number) => [...paymentKeys.all, 'institution', id] as const,
};

export const paymentQueries = {
  /** Keyset pages (ADR 062): `cursor` is the previous page's `nextCursor`, null for the first. */
  transactions: (filters: TransactionFilters, cursor: string | null) =>
    queryOptions({
      queryKey: paymentKeys.transactions(filters, cursor),
      queryFn: ({ signal }) => api.get<TransactionPage>(`${paymentApiPaths.transactions}${searchOf({ ...filters, limit: PAGE_SIZE, cursor })}`, undefined, signal),
      placeholderData: keepPreviousData,
    }),
  transaction: (id: string) =>
    queryOptions({
      queryKey: paymentKeys.transaction(id),
      queryFn: ({ signal }) => api.get<TransactionDetail>(paymentApiPaths.transactionById(id), undefined, signal),
    }),
  pending: (cursor: string | null) =>
    queryOptions({
      queryKey: paymentKeys.pending(cursor),
      queryFn: ({ signal }) => api.get<PendingPushPage>(`${paymentApiPaths.pendingPushes}${searchOf({ limit: PAGE_SIZE, cursor })}`, undefined, signal),
      placeholderData: keepPreviousData,
      // A pending push moves on by itself (callback, poll): the list refreshes while it is open.
      refetchInterval: 15_000,
    }),
  failedCredits: (cursor: string | null) =>
    queryOptions({
      queryKey: paymentKeys.failedCredits(cursor),
      queryFn: ({ signal }) => api.get<FailedCreditPage>(`${paymentApiPaths.failedCredits}${searchOf({ limit: PAGE_SIZE, cursor })}`, undefined, signal),
      placeholderData: keepPreviousData,
    }),
  settlements: (query: SettlementQuery) =>
    queryOptions({
      queryKey: paymentKeys.settlements(query),
      queryFn: ({ signal }) => api.get<SettlementPage>(`${paymentApiPaths.settlements}${searchOf(query)}`, undefined, signal),
      placeholderData: keepPreviousData,
    }),
  /** One payment followed after a desk push, until it is final. */
  payment: (id: string) =>
    queryOptions({
      queryKey: paymentKeys.payment(id),
      queryFn: ({ signal }) => api.get<PaymentStatusView>(paymentApiPaths.paymentById(id), undefined, signal),
      refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending' && query.state.data.status !== 'pending_cancel' ? false : 3000),
    }),
  institutions: (search: string) =>
    queryOptions({
      queryKey: paymentKeys.institutions(search),
      queryFn: ({ signal }) => api.get<GivingInstitutionList>(`${paymentApiPaths.institutions}${searchOf({ search })}`, undefined, signal),
      enabled: search.trim().length >= 2,
      staleTime: 60_000,
    }),
  institution: (id: number) =>
    queryOptions({
      queryKey: paymentKeys.institution(id),
      queryFn: ({ signal }) => api.get<GivingInstitution>(paymentApiPaths.institutionById(id), undefined, signal),
      staleTime: 60_000,
    }),
};

export const paymentActions = {
  lookupPhone: (phone: string) => api.post<PhoneLookupResult>(paymentApiPaths.lookupPhone, { phone }),
  checkNow: (id: string) => api.post<PaymentStatusView>(paymentApiPaths.checkPayment(id), {}),
  cancel: (id: string, reason?: string) => api.post<PaymentStatusView>(paymentApiPaths.cancelPayment(id), reason ? { reason } : {}),
  retryCredit: (id: string) => api.post<CreditResult>(paymentApiPaths.retryCredit(id), {}),
};

/**
 * A desk push: the same POST /payments as the giving page, signed in (the server then checks
 * push:create and the institution's scope). The Idempotency-Key is the caller's, kept per attempt.
 */
export async function sendDeskPush(body: PaymentInput, idempotencyKey: string): Promise<PaymentCreated> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${paymentApiPaths.payments}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [LANG_HEADER]: getCurrentLocale(),
        [IDEMPOTENCY_HEADER]: idempotencyKey,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  try {
    return (await response.json()) as PaymentCreated;
  } catch {
    throw new ApiError(500, 'invalid_response', response.statusText);
  }
}

