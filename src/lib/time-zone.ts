import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../domain/api/auth';
import { DEFAULT_TIME_ZONE } from '../../domain/calendar';
import { profileQuery } from './session-queries';

/**
 * The zone whose days the signed-in user's pages show (ADR 077): their institution's, from the
 * profile; East Africa Time for bank staff (who look across institutions) and for a profile kept
 * before it carried a zone. Pages take "today" from domain/calendar's dayOf in this zone, never
 * from the device's own zone or a fixed offset.
 */
export function profileTimeZone(profile: Pick<Profile, 'timeZone'> | null | undefined): string {
  return profile?.timeZone ?? DEFAULT_TIME_ZONE;
}

export function useTimeZone(): string {
  return profileTimeZone(useQuery(profileQuery()).data);
}
