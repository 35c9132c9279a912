/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { flushOutbox } from '../lib/offline/flush';
import { OUTBOX_SYNC_TAG } from '../lib/offline/outbox-lock';
import { readMirroredSession } from '../lib/offline/session-mirror';
import { createHttpTransport } from '../lib/offline/transport';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// The build injects the list of hashed assets; old revisions are dropped so storage does not grow.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The giving page is its own light entry (give.html / give-en.html): a staff PC that has this worker
// installed must still open it, not the admin shell. Registered first, so they win over the catch-all.
registerRoute(new NavigationRoute(createHandlerBoundToURL('give.html'), { allowlist: [/^\/give-offerings\/?$/] }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('give-en.html'), { allowlist: [/^\/en\/give-offerings\/?$/] }));

// Every other in-app address opens the precached shell offline; API calls must always reach the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// A new worker waits until the person presses Reload: taking over mid-task could break unsaved work.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') {
    clientsClaim();
    void self.skipWaiting();
  }
});

// Background Sync (Chromium): the browser wakes this worker when the network is back, even with no
// tab open, and it runs THE flush — the same function the page uses, under the same Web Lock. The
// session is the one the page mirrored into IndexedDB, read at send time.
type SyncEvent = ExtendableEvent & { tag: string };
const workerTransport = createHttpTransport({ auth: () => readMirroredSession() });

async function flushFromWorker(): Promise<void> {
  const outcome = await flushOutbox(workerTransport, { reason: 'sync' });
  // Rejecting asks the browser to fire `sync` again later with its own back-off; only worth it for
  // network or server trouble (a signed-out queue waits for a sign-in, not for time).
  if (outcome.status === 'offline' || outcome.status === 'backing-off') throw new Error(`outbox flush: ${outcome.status}`);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(flushFromWorker());
});
