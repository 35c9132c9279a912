import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Profile } from '../../../domain/api/auth';
import { DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import { profileQuery } from '../../lib/session-queries';

/** `timeZone`: whose days the desk's dates are (ADR 077). */
export type Institution = { id: number; code: string; name: string; timeZone: string };
export type Recorder = { id: number; name: string };

/** The church or mosque the signed-in entity user works for; bank staff have none. */
export function institutionOf(profile: Profile | undefined): Institution | null {
  if (!profile || profile.entityId === null) return null;
  return { id: profile.entityId, code: profile.entityCode ?? '', name: profile.entity ?? '', timeZone: profile.timeZone ?? DEFAULT_TIME_ZONE };
}

export function useDeskProfile(): { profile: Profile | undefined; institution: Institution | null; recorder: Recorder | null } {
  const profile = useQuery(profileQuery()).data;
  // Stable objects while the profile is unchanged, so memoised screens below do not re-render.
  const institution = useMemo(() => institutionOf(profile), [profile]);
  const recorder = useMemo(() => (profile ? { id: profile.id, name: profile.name } : null), [profile]);
  return { profile, institution, recorder };
}
