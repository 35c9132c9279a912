import Dexie, { type ObservabilitySet, RangeSet } from 'dexie';
import type { SadakaDb } from '../db';
import { afterNextPaint } from './after-paint';

/** The calls a write needs, on one native IndexedDB transaction. */
export type NativeWrite = {
  get<T>(store: string, key: IDBValidKey): Promise<T | undefined>;
  /** Queued, not awaited: a failure aborts the whole transaction and rejects `writeNatively`. */
  add(store: string, value: unknown): void;
  put(store: string, value: unknown): void;
};

// For logs, never shown: the page explains failures through error-messages.ts.
const ABORTED = 'The transaction was aborted';
const ABORT_ERROR = 'AbortError';

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Dexie's own spelling of "every key" (what it signals when a database is created). */
const everything = () => new RangeSet(-Infinity, [[[]]]);

/** Every part of the written tables, in the shape Dexie's live queries compare against. */
function mutatedParts(database: SadakaDb, stores: readonly string[]): ObservabilitySet {
  const parts: ObservabilitySet = {};
  for (const store of stores) {
    const base = `idb://${database.name}/${store}/`;
    parts[base] = everything();
    parts[`${base}:dels`] = everything();
    for (const index of database.table(store).schema.indexes) if (index.name) parts[base + index.name] = everything();
  }
  return parts;
}

/**
 * Runs `body` in ONE native IndexedDB transaction: it commits as a whole or not at all, and this
 * resolves only after it has committed. Dexie is bypassed on purpose, for the treasurer's save
 * alone (performance.md: save → confirmation ≤ 50 ms p95 on a 4× slowed CPU): its promise zones
 * and its live queries, which it re-runs inside the commit event, cost a slow phone more than the
 * write itself. Live queries are told afterwards, once the next frame (the confirmation) is drawn,
 * through Dexie's documented `storagemutated` event, which also reaches other tabs and the
 * service worker. The database is opened with Dexie's query cache off (src/lib/db.ts), so no cached
 * result can outlive this write (docs/decisions/013-desk-bundle.md).
 */
export async function writeNatively<T>(database: SadakaDb, stores: readonly string[], body: (write: NativeWrite) => Promise<T>): Promise<T> {
  if (!database.isOpen()) await database.open();
  const transaction = database.backendDB().transaction([...stores], 'readwrite');
  const committed = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    // A failed request aborts the transaction (nothing prevents its default); its error says why.
    transaction.onabort = () => reject(transaction.error ?? new DOMException(ABORTED, ABORT_ERROR));
  });
  const write: NativeWrite = {
    get: (store, key) => settle(transaction.objectStore(store).get(key)),
    add: (store, value) => void transaction.objectStore(store).add(value),
    put: (store, value) => void transaction.objectStore(store).put(value),
  };
  let result: T;
  try {
    result = await body(write);
  } catch (error) {
    committed.catch(() => undefined);
    if (!transaction.error) {
      try {
        transaction.abort();
      } catch {
        // Already finished or aborting: nothing of it was committed by us after the throw.
      }
    }
    throw error;
  }
  // No more requests: commit now instead of waiting for the browser to notice.
  transaction.commit();
  await committed;
  afterNextPaint(() => {
    try {
      Dexie.on.storagemutated.fire(mutatedParts(database, stores));
    } catch {
      // Best effort: the write has committed; a page being torn down (a closing tab, a finished
      // test) may have nothing left to tell, and a view refreshes on its next change anyway.
    }
  });
  return result;
}
