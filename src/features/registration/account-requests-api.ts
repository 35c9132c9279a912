import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AmendmentInput, NewAccountInput } from '../../../domain/api/back-office-registration';
import { api } from '../../lib/api-client';
import { SubmittedRequest } from '../../lib/replies/acknowledgements';
import { BankAccountList } from '../../lib/replies/reference-lists';

/** Signed-in requests about an existing institution; both become maker-checker requests. */
export function useRequestAmendment() {
  return useMutation({
    mutationFn: ({ institutionId, changes }: { institutionId: number; changes: AmendmentInput }) => api.post(`/institutions/${institutionId}/amendments`, changes, SubmittedRequest),
  });
}

export function useRequestNewAccount() {
  return useMutation({ mutationFn: (input: NewAccountInput) => api.post('/bank-accounts', input, SubmittedRequest) });
}

/** Institutions bank staff can act for, read off the accounts they can see (each institution holds at least one). */
export const accountHoldersQuery = () =>
  queryOptions({
    queryKey: ['reference', 'bank-accounts', 'holders'],
    queryFn: async ({ signal }) => {
      const list = await api.get('/bank-accounts?limit=100', BankAccountList, signal);
      const seen = new Map<number, string>();
      for (const account of list.data) seen.set(account.institutionId, account.institution);
      return [...seen].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title));
    },
    staleTime: 5 * 60_000,
  });
