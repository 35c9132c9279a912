import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteUserInput, EditUserInput, NewBankUserInput } from '../../../domain/api/back-office-users';
import type { AccountStatus } from '../../../domain/statuses';
import type { UserType } from '../../../domain/permissions';
import { api, apiRequest, isServerFault } from '../../lib/api-client';
import { MessageBody, SubmittedRequest } from '../../lib/replies/acknowledgements';
import { BranchList } from '../../lib/replies/reference-lists';
import { AssignableRoleGroupList, UserItem, UserList } from './replies';

export const USERS_PAGE_SIZE = 20;
export type UserFilters = { search: string; userType: UserType | null; status: AccountStatus | null };

export const userKeys = {
  all: ['users'] as const,
  list: (filters: UserFilters, cursor: string | null) => [...userKeys.all, 'list', filters, cursor] as const,
  // Shared with the reference pages' key, so one fetch serves both.
  branches: () => ['reference', 'branches'] as const,
  // Not the reference page's key: this list carries names only, that one the grants.
  assignableRoleGroups: () => [...userKeys.all, 'role-groups'] as const,
};

function search(filters: UserFilters, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(USERS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.userType) params.set('userType', filters.userType);
  if (filters.status) params.set('status', filters.status);
  return `?${params.toString()}`;
}

export const userQueries = {
  /** Keyset pages (ADR 062): `cursor` is the previous page's `nextCursor`, null for the first. */
  list: (filters: UserFilters, cursor: string | null) =>
    queryOptions({
      queryKey: userKeys.list(filters, cursor),
      queryFn: ({ signal }) => api.get(`/users${search(filters, cursor)}`, UserList, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  branches: () => queryOptions({ queryKey: userKeys.branches(), queryFn: ({ signal }) => api.get('/branches', BranchList, signal), staleTime: 10 * 60_000 }),
  // The groups a bank user can be given: readable by whoever sees /users (the full /role-groups is not).
  roleGroups: () =>
    queryOptions({ queryKey: userKeys.assignableRoleGroups(), queryFn: ({ signal }) => api.get('/users/role-groups', AssignableRoleGroupList, signal), staleTime: 10 * 60_000 }),
};

function useUsersMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }) });
}

/** Creating or editing a bank user only stores a request; a second administrator approves it. */
export const useCreateUser = () => useUsersMutation((input: NewBankUserInput) => api.post('/users', input, SubmittedRequest));
export const useEditUser = () =>
  useUsersMutation(({ id, changes }: { id: number; changes: EditUserInput }) => apiRequest(`/users/${id}`, { method: 'PATCH', body: changes, schema: SubmittedRequest }));
export const useUserAction = () =>
  useUsersMutation(({ id, action, password }: { id: number; action: 'enable' | 'disable' | 'reset-2fa'; password?: string }) =>
    // Disable and reset-2fa carry the actor's own password (ADR 015).
    api.post(`/users/${id}/${action}`, action === 'enable' ? {} : { password: password ?? '' }, UserItem),
  );
export const sendDeleteCode = (id: number) => api.post(`/users/${id}/delete-code`, {}, MessageBody);
export const useDeleteUser = () => useUsersMutation(({ id, proof }: { id: number; proof: DeleteUserInput }) => api.post(`/users/${id}/delete`, proof, MessageBody));
