import { useQuery } from '@tanstack/react-query';
import type { CustomField } from '../../../domain/api/structure';
import { structureQueries } from './api';

/**
 * The custom fields of the level a new institution will have: the one ranked just below its
 * parent's, in the parent's religion (the server places it the same way, create-institution.ts).
 * Empty while loading or when the levels of that religion are not in the caller's list.
 */
export function useLevelBelowFields(parentLevel: { id: number; rank: number }): CustomField[] {
  const levels = useQuery(structureQueries.levels(null)).data?.data ?? [];
  const religionId = levels.find((level) => level.id === parentLevel.id)?.religionId;
  const below = levels.find((level) => level.religionId === religionId && level.rank === parentLevel.rank + 1);
  const fields = useQuery({ ...structureQueries.fields(below?.id ?? 0), enabled: below !== undefined });
  return below ? (fields.data?.data ?? []) : [];
}
