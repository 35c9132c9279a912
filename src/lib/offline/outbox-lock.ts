/** The Web Locks name shared by every tab and the service worker of this origin. */
export const OUTBOX_LOCK = 'sadaka-outbox';
/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'sadaka-outbox';

/** The part of the Web Locks API the flusher uses (so tests and old browsers can supply their own). */
export type LockManagerLike = {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

export const BUSY = Symbol('outbox-busy');

let heldInThisRealm = false;

/**
 * Runs `task` only if no other flusher holds the outbox: across tabs and the service worker through
 * Web Locks; where the browser has none (Safari < 15.4), at least within this page or worker. Never
 * waits for the lock: whoever holds it will see entries added meanwhile on its next pass.
 */
export async function withOutboxLock<T>(task: () => Promise<T>, locks: LockManagerLike | null | undefined = defaultLocks()): Promise<T | typeof BUSY> {
  if (locks) return locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) => (lock ? task() : BUSY));
  if (heldInThisRealm) return BUSY;
  heldInThisRealm = true;
  try {
    return await task();
  } finally {
    heldInThisRealm = false;
  }
}

function defaultLocks(): LockManagerLike | null {
  const candidate = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return candidate && typeof candidate.request === 'function' ? candidate : null;
}
