import { useQuery } from '@tanstack/react-query';
import type { Feature } from '../../../domain/permissions';
import { canDo } from '../../lib/permissions';
import { profileQuery } from '../../lib/session-queries';

/** Whether the signed-in person may add to and change a reference list (the server checks the same). */
export function useReferenceGrants(feature: Feature): { canCreate: boolean; canUpdate: boolean } {
  const profile = useQuery(profileQuery()).data;
  return { canCreate: canDo(profile, feature, 'create'), canUpdate: canDo(profile, feature, 'update') };
}
