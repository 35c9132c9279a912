import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../domain/api-paths';
import type { Locale } from '../../../domain/locale';
import type { RegistrationStatus, RequestStatus, RequestType } from '../../../domain/statuses';
import { api, isServerFault } from '../../lib/api-client';
import { SubmittedRequest } from '../../lib/replies/acknowledgements';
import { BranchList, ReligionDetailsList } from '../../lib/replies/reference-lists';
import { RegistrationList, RegistrationOptions, RegistrationView } from '../../lib/replies/registrations';
import { RequestDecision, RequestDetail, RequestList } from './replies';

export const REQUESTS_PAGE_SIZE = 20;

/** A requests tab's filters and the keyset page shown (ADR 062): `cursor` is the previous page's `nextCursor`, null for the first. */
export type RequestFilters = { type: RequestType; status: RequestStatus | null; cursor: string | null };

// The menu badge's query (features/shell): approving or rejecting changes its numbers at once.
const MENU_BADGE_KEY = ['shell', 'pending-registrations'] as const;

export const requestKeys = {
  all: ['requests'] as const,
  list: (filters: RequestFilters) => [...requestKeys.all, 'list', filters] as const,
  detail: (id: number) => [...requestKeys.all, 'detail', id] as const,
  registrations: (status: RegistrationStatus | null, cursor: string | null) => [...requestKeys.all, 'registrations', status, cursor] as const,
  registration: (id: number) => [...requestKeys.all, 'registration', id] as const,
  // Names for the ids a payload carries (religion, level, parent, branch).
  options: (locale: Locale) => ['registration-options', locale] as const,
  religions: () => ['reference', 'religions'] as const,
  branches: () => ['reference', 'branches'] as const,
};

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const requestQueries = {
  list: (filters: RequestFilters) =>
    queryOptions({
      queryKey: requestKeys.list(filters),
      queryFn: ({ signal }) =>
        api.get(`${apiPaths.requests}${query({ type: filters.type, status: filters.status, limit: REQUESTS_PAGE_SIZE, cursor: filters.cursor })}`, RequestList, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: requestKeys.detail(id),
      queryFn: ({ signal }) => api.get(apiPaths.requestById(id), RequestDetail, signal),
      throwOnError: isServerFault,
    }),
  /** Keyset pages (ADR 062): `cursor` is the previous page's `nextCursor`, null for the first. */
  registrations: (status: RegistrationStatus | null, cursor: string | null) =>
    queryOptions({
      queryKey: requestKeys.registrations(status, cursor),
      queryFn: ({ signal }) => api.get(`/registrations${query({ status, limit: REQUESTS_PAGE_SIZE, cursor })}`, RegistrationList, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  registration: (id: number) =>
    queryOptions({
      queryKey: requestKeys.registration(id),
      queryFn: ({ signal }) => api.get(`/registrations/${id}`, RegistrationView, signal),
      throwOnError: isServerFault,
    }),
  options: (locale: Locale) =>
    queryOptions({
      queryKey: requestKeys.options(locale),
      queryFn: ({ signal }) => api.get('/registration-options', RegistrationOptions, signal),
      staleTime: 10 * 60_000,
    }),
  religions: () =>
    queryOptions({ queryKey: requestKeys.religions(), queryFn: ({ signal }) => api.get('/religions', ReligionDetailsList, signal), staleTime: 10 * 60_000 }),
  branches: () => queryOptions({ queryKey: requestKeys.branches(), queryFn: ({ signal }) => api.get('/branches', BranchList, signal), staleTime: 10 * 60_000 }),
};

function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: requestKeys.all }), queryClient.invalidateQueries({ queryKey: MENU_BADGE_KEY })]);
}

/** Approve or reject: 403 (own request, no access) and 409 (already resolved) come back as ApiError with the server's words. */
export function useDecideRequest(id: number) {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: 'approve' | 'reject'; reason: string }) =>
      decision === 'approve'
        ? api.post(apiPaths.approveRequest(id), reason ? { reason } : {}, RequestDecision)
        : api.post(apiPaths.rejectRequest(id), { reason }, RequestDecision),
    // Settled, not success: after a 409 the page must show what someone else decided.
    onSettled: refresh,
  });
}

/** The maker takes a pending request back; it ends "not approved" with no checker. */
export function useWithdrawRequest(id: number) {
  const refresh = useRefreshAfterDecision();
  return useMutation({ mutationFn: () => api.post(`/requests/${id}/withdraw`, {}, RequestDecision), onSettled: refresh });
}

/** Branch staff send a submitted registration for approval (they become its maker). */
export function useForwardRegistration() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (registrationId: number) => api.post(`/registrations/${registrationId}/forward`, {}, SubmittedRequest),
    onSettled: refresh,
  });
}
