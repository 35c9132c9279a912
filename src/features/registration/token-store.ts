import { useSyncExternalStore } from 'react';

// The applicant has no account: the server's registration token is their only key to the draft,
// kept in localStorage so a closed tab or a restarted phone resumes where they stopped.
const TOKEN_KEY = 'sadaka.registration.token';
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getRegistrationToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveRegistrationToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function forgetRegistrationToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The token as React state, so pages switch between "start" and "resume" the moment it changes. */
export function useRegistrationToken(): string | null {
  return useSyncExternalStore(subscribe, getRegistrationToken, () => null);
}
