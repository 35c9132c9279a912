import { OUTBOX_SYNC_TAG } from './outbox-lock';

type SyncRegistration = { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the browser to wake the service worker when the network is back (Chromium); elsewhere
 * (Safari, Firefox) there is no such event and the page's own triggers do the work.
 */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    // getRegistration, not `ready`: `ready` never settles when no worker is registered (dev server).
    const registration = (await navigator.serviceWorker.getRegistration()) as unknown as SyncRegistration | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Permission denied or no active worker: the other triggers still run.
    return false;
  }
}
