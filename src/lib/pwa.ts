import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

let workbox: Workbox | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

function setUpdateReady(value: boolean): void {
  updateReady = value;
  for (const listener of listeners) listener();
}

/** Registers the service worker; a waiting worker only raises a prompt, it never reloads by itself. */
export function registerServiceWorker(url = '/sw.js'): void {
  if (!('serviceWorker' in navigator)) return;
  workbox = new Workbox(url, { scope: '/' });
  workbox.addEventListener('waiting', () => setUpdateReady(true));
  void workbox.register();
}

/** Called from the prompt's Reload button: the new worker takes over, then the page reloads once. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateReady,
    () => false,
  );
}

/** Asks the browser not to evict our data under storage pressure (Safari's 7-day rule, low disk). */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
