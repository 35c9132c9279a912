import type { Profile } from '../../domain/api/auth';

// localStorage keeps the session across tabs and restarts; the spec stores the profile there too.
const TOKEN_KEY = 'sadaka.token';
const PROFILE_KEY = 'sadaka.profile';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getStoredProfile(): Profile | null {
  const raw = localStorage.getItem(PROFILE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Profile;
  } catch {
    // A corrupt profile is the same as none: the caller ends the session.
    return null;
  }
}

export function hasSession(): boolean {
  return getToken() !== null && getStoredProfile() !== null;
}

export function saveSession(token: string, profile: Profile): void {
  localStorage.setItem(TOKEN_KEY, token);
  saveProfile(profile);
}

export function saveProfile(profile: Profile): void {
  localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
}

const listeners = new Set<() => void>();

/** Lets the cached-data layer (Dexie, query cache) wipe itself without this module importing it. */
export function onSessionCleared(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Removes every trace of the signed-in user from this device. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PROFILE_KEY);
  for (const listener of listeners) listener();
}
