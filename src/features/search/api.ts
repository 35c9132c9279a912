import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MemberHit, TransactionHit } from '../../../domain/api/shell';
import { apiPaths } from '../../../domain/api-paths';
import { SEARCH_MIN_CHARS, SEARCH_PAGE_SIZE } from '../../../domain/limits';
import { api } from '../../lib/api-client';

export type SearchTab = 'transactions' | 'members';
type Page<T> = { data: T[]; count: number };

export const searchKeys = {
  all: ['search'] as const,
  transactions: (value: string, offset: number) => [...searchKeys.all, 'transactions', value, offset] as const,
  members: (value: string, offset: number) => [...searchKeys.all, 'members', value, offset] as const,
};

export function isSearchable(value: string): boolean {
  return value.trim().length >= SEARCH_MIN_CHARS;
}

export const searchQueries = {
  transactions: (value: string, offset = 0) =>
    queryOptions({
      queryKey: searchKeys.transactions(value.trim(), offset),
      queryFn: ({ signal }) =>
        api.post<Page<TransactionHit>>(apiPaths.searchTransaction(SEARCH_PAGE_SIZE, offset), { value: value.trim() }, undefined, signal),
      enabled: isSearchable(value),
      placeholderData: keepPreviousData,
    }),
  members: (value: string, offset = 0) =>
    queryOptions({
      queryKey: searchKeys.members(value.trim(), offset),
      queryFn: ({ signal }) =>
        api.post<Page<MemberHit>>(apiPaths.searchMember(SEARCH_PAGE_SIZE, offset), { value: value.trim() }, undefined, signal),
      enabled: isSearchable(value),
      placeholderData: keepPreviousData,
    }),
};
