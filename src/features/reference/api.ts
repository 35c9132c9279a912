import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BankAccountQuery,
  Branch as BranchShape,
  BranchInput,
  CurrencyDetails as CurrencyShape,
  CurrencyInput,
  CurrencyPatch,
  Religion as ReligionShape,
  ReligionInput,
  RoleGroupInput,
  RoleGroupItem as RoleGroupShape,
} from '../../../domain/api/back-office-reference';
import { api, apiRequest, isServerFault } from '../../lib/api-client';
import { BankAccountList, Branch, BranchList, Religion, ReligionDetailsList, RoleGroupItem, RoleGroupList } from '../../lib/replies/reference-lists';
import { CurrencyDetails, CurrencyDetailsList, FeatureCatalogue } from './replies';

export const BANK_ACCOUNTS_PAGE_SIZE = 20;

export const referenceKeys = {
  all: ['reference'] as const,
  branches: () => [...referenceKeys.all, 'branches'] as const,
  religions: () => [...referenceKeys.all, 'religions'] as const,
  currencies: () => [...referenceKeys.all, 'currencies'] as const,
  bankAccounts: (query: BankAccountFilters, cursor: string | null) => [...referenceKeys.all, 'bank-accounts', query, cursor] as const,
  roleGroups: () => [...referenceKeys.all, 'role-groups'] as const,
  features: () => [...referenceKeys.all, 'features'] as const,
};

export type BankAccountFilters = Pick<BankAccountQuery, 'status' | 'search'>;

const long = 5 * 60_000;
export const referenceQueries = {
  branches: () => queryOptions({ queryKey: referenceKeys.branches(), queryFn: ({ signal }) => api.get('/branches', BranchList, signal), staleTime: long, throwOnError: isServerFault }),
  religions: () =>
    queryOptions({ queryKey: referenceKeys.religions(), queryFn: ({ signal }) => api.get('/religions', ReligionDetailsList, signal), staleTime: long, throwOnError: isServerFault }),
  currencies: () =>
    queryOptions({ queryKey: referenceKeys.currencies(), queryFn: ({ signal }) => api.get('/settings/currencies', CurrencyDetailsList, signal), throwOnError: isServerFault }),
  /** Keyset pages (ADR 062): `cursor` is the previous page's `nextCursor`, null for the first. */
  bankAccounts: (filters: BankAccountFilters, cursor: string | null) =>
    queryOptions({
      queryKey: referenceKeys.bankAccounts(filters, cursor),
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({ limit: String(BANK_ACCOUNTS_PAGE_SIZE) });
        if (cursor) params.set('cursor', cursor);
        if (filters.status) params.set('status', filters.status);
        if (filters.search?.trim()) params.set('search', filters.search.trim());
        return api.get(`/bank-accounts?${params.toString()}`, BankAccountList, signal);
      },
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  roleGroups: () =>
    queryOptions({ queryKey: referenceKeys.roleGroups(), queryFn: ({ signal }) => api.get('/role-groups', RoleGroupList, signal), staleTime: long, throwOnError: isServerFault }),
  features: () => queryOptions({ queryKey: referenceKeys.features(), queryFn: ({ signal }) => api.get('/features', FeatureCatalogue, signal), staleTime: Infinity }),
};

/** Create (POST) or change (PATCH) one record of a list, then refresh that list. */
function useSave<TInput, TResult>(key: readonly unknown[], path: string, schema: { parse: (data: unknown) => TResult }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TInput }) =>
      id === null ? api.post(path, input, schema) : apiRequest(`${path}/${id}`, { method: 'PATCH', body: input, schema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveBranch = () => useSave<z.input<typeof BranchInput>, BranchShape>(referenceKeys.branches(), '/branches', Branch);
export const useSaveReligion = () => useSave<Partial<z.input<typeof ReligionInput>>, z.infer<typeof ReligionShape>>(referenceKeys.religions(), '/religions', Religion);
export const useSaveCurrency = () =>
  useSave<z.input<typeof CurrencyInput> | z.input<typeof CurrencyPatch>, CurrencyShape>(referenceKeys.currencies(), '/settings/currencies', CurrencyDetails);
export const useSaveRoleGroup = () => useSave<Partial<z.input<typeof RoleGroupInput>>, RoleGroupShape>(referenceKeys.roleGroups(), '/role-groups', RoleGroupItem);
