import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { toLocale } from '../../../domain/locale';
import type { RegistrationNames } from '../../components/ui/registration-details';
import { registrationQueries } from './api';

/** Names of religions, levels, parents and custom fields from the public options; the branch comes with the found account. */
export function usePublicNames(): RegistrationNames {
  const { i18n } = useLingui();
  const options = useQuery(registrationQueries.options(toLocale(i18n.locale))).data;
  const find = <T extends { id: number }>(rows: readonly T[] | undefined, id: number, name: (row: T) => string) => {
    const row = rows?.find((candidate) => candidate.id === id);
    return row ? name(row) : `#${id}`;
  };
  return {
    religion: (id) => find(options?.religions, id, (row) => row.name),
    level: (id) => find(options?.levels, id, (row) => row.name),
    parent: (id) => (id === null ? '—' : find(options?.parents, id, (row) => row.title)),
    branch: (id, known) => known ?? (id === null ? '—' : `#${id}`),
    customField: (id) => find(options?.customFields, id, (row) => row.label),
  };
}
