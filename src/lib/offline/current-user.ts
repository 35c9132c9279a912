import { getStoredProfile } from '../session';
import { NotSignedInError } from './errors';

/** The signed-in person's id, for the entries they create (page only: the service worker never records). */
export function currentUserId(): number {
  const profile = getStoredProfile();
  if (!profile) throw new NotSignedInError();
  return profile.id;
}

export function currentUserIdOrNull(): number | null {
  return getStoredProfile()?.id ?? null;
}
