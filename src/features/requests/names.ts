import { useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toLocale } from '../../../domain/locale';
import type { RegistrationNames } from '../../components/ui/registration-details';
import { api } from '../../lib/api-client';
import { RoleGroupList } from '../../lib/replies/reference-lists';
import { requestQueries } from './api';

// Role groups need `roleGroups: view`; without it a payload shows the group's number instead.
const roleGroupsQuery = () =>
  queryOptions({ queryKey: ['reference', 'role-groups'], queryFn: ({ signal }) => api.get('/role-groups', RoleGroupList, signal), staleTime: 10 * 60_000, retry: false });

/** Names for the ids stored in request payloads, from the reference lists; "#id" while unknown. */
export function useRegistrationNames(): RegistrationNames & { roleGroup: (id: number) => string } {
  const { i18n } = useLingui();
  const options = useQuery(requestQueries.options(toLocale(i18n.locale))).data;
  const branches = useQuery(requestQueries.branches()).data?.data;
  const roleGroups = useQuery(roleGroupsQuery()).data?.data;
  const byId = <T extends { id: number }>(rows: readonly T[] | undefined, id: number | null, name: (row: T) => string) => {
    if (id === null) return '—';
    const row = rows?.find((candidate) => candidate.id === id);
    return row ? name(row) : `#${id}`;
  };
  return {
    religion: (id) => byId(options?.religions, id, (row) => row.name),
    level: (id) => byId(options?.levels, id, (row) => row.name),
    parent: (id) => byId(options?.parents, id, (row) => row.title),
    branch: (id, known) => known ?? byId(branches, id, (row) => `${row.name} (${row.shortCode})`),
    roleGroup: (id) => byId(roleGroups, id, (row) => row.name),
    customField: (id) => byId(options?.customFields, id, (row) => row.label),
  };
}
