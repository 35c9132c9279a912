import { useOnline } from '../use-online';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CashReceiptInput, Currency, OfferingType } from '../../../domain/api/receipts';
import type { Zone } from '../../../domain/api/zones';
import { db } from '../db';
import { currentUserIdOrNull } from './current-user';
import { outboxView, type OutboxView } from './flush-phases';
import { FLUSH_STATE_KEY, INITIAL_FLUSH_STATE } from './flush-state';
import type { FlushBlock, FlushState, LocalBatch, LocalReceipt, OutboxEntry, SyncState } from './types';

/**
 * Live views of the device's copy for the desk pages: they re-render when a save, a sync answer or
 * a cache refresh changes the rows. `undefined` means "still reading", an empty list means "none".
 */

export function useOfferingTypes(institutionId: number | null | undefined): OfferingType[] | undefined {
  return useLiveQuery(() => (institutionId ? db.offeringTypes.where('institutionId').equals(institutionId).sortBy('id') : []), [institutionId]);
}

/** The congregation's zones as last cached, by name (the member form's choice, offline too). */
export function useZones(institutionId: number | null | undefined): Zone[] | undefined {
  return useLiveQuery(async () => (institutionId ? (await db.zones.where('institutionId').equals(institutionId).toArray()).sort((a, b) => a.name.localeCompare(b.name)) : []), [institutionId]);
}

export function useCurrencies(): Currency[] | undefined {
  return useLiveQuery(() => db.currencies.orderBy('code').toArray(), []);
}

/** Newest first. */
export function useBatches(institutionId: number | null | undefined): LocalBatch[] | undefined {
  return useLiveQuery(async () => {
    if (!institutionId) return [];
    const batches = await db.batches.where('institutionId').equals(institutionId).toArray();
    return batches.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [institutionId]);
}

/** The batch's envelopes in the order they were entered. */
export function useBatchReceipts(batchId: string | null | undefined): LocalReceipt[] | undefined {
  return useLiveQuery(async () => {
    if (!batchId) return [];
    const receipts = await db.receipts.where('batchId').equals(batchId).toArray();
    return receipts.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.receiptNo.localeCompare(b.receiptNo));
  }, [batchId]);
}

export type LocalReceiptFilter = {
  institutionId: number | null | undefined;
  /** Default: everything not yet on the server (pending, sending, rejected, conflict). */
  states?: readonly SyncState[];
  batchId?: string | null;
};

const UNSYNCED: readonly SyncState[] = ['pending', 'sending', 'rejected', 'conflict'];

/** Receipts still on this device, for the history page to show beside the server's (newest first). */
export function useLocalReceipts(filter: LocalReceiptFilter): LocalReceipt[] | undefined {
  const states = filter.states ?? UNSYNCED;
  const key = states.join(',');
  return useLiveQuery(async () => {
    if (!filter.institutionId) return [];
    const receipts = await db.receipts.where('syncState').anyOf([...states]).toArray();
    return receipts
      .filter((receipt) => receipt.institutionId === filter.institutionId && (filter.batchId == null || receipt.batchId === filter.batchId))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    // `key` stands for `states`, which callers often build inline (a new array every render).
  }, [filter.institutionId, filter.batchId, key]);
}

// The outbox: the top-bar counter, the outbox page, the flusher's state.

/** This person's unsent entries (pending, rejected or in conflict): the top-bar number. */
export function usePendingCount(): number {
  return useOutboxSummary().mine;
}

export type OutboxSummary = {
  mine: number;
  /** Rejected or in conflict: waiting for a person, not for the network. */
  needsAttention: number;
  /** Recorded on this device by someone else; sent when they sign in again. */
  others: number;
};

const EMPTY: OutboxSummary = { mine: 0, needsAttention: 0, others: 0 };

/**
 * Counted by the indexes, so the database counts and no entry is read into JS (only the few that
 * wait for a person are looked at): this re-runs after every save, and an offline day can queue
 * thousands of entries.
 */
export function useOutboxSummary(): OutboxSummary {
  const userId = currentUserIdOrNull();
  return (
    useLiveQuery(async () => {
      const [all, mine, needsAttention] = await Promise.all([
        db.outbox.count(),
        userId === null ? 0 : db.outbox.where('userId').equals(userId).count(),
        db.outbox
          .where('state')
          .anyOf(['rejected', 'conflict'])
          .filter((entry) => entry.userId === userId)
          .count(),
      ]);
      return { mine, needsAttention, others: all - mine };
    }, [userId]) ?? EMPTY
  );
}

/** One line of the outbox page: the entry, its local receipt (for the giver's name), and what holds it back. */
export type OutboxItem = {
  entry: OutboxEntry;
  receipt: LocalReceipt | null;
  /** A pending entry that cannot go yet: its member or batch is still on the device, or (a close) its receipts are. */
  waitingFor: 'member' | 'batch' | 'receipts' | null;
  /** For a member or batch: how many unsent receipts wait for it. */
  dependents: number;
};

/** This person's entries in the order they were recorded. */
export function useOutboxEntries(): OutboxItem[] | undefined {
  const userId = currentUserIdOrNull();
  return useLiveQuery(async () => {
    if (userId === null) return [];
    const all = await db.outbox.orderBy('seq').toArray();
    const view = outboxView(all);
    const mine = all.filter((entry) => entry.userId === userId);
    const receipts = await db.receipts.bulkGet(mine.map((entry) => entry.id));
    const waiting = new Map<string, number>();
    for (const entry of all) {
      if (entry.kind !== 'receipt') continue;
      const payload = entry.payload as CashReceiptInput;
      for (const id of [payload.memberClientId, payload.batchId]) if (id) waiting.set(id, (waiting.get(id) ?? 0) + 1);
    }
    return mine.map((entry, index) => ({
      entry,
      receipt: entry.kind === 'receipt' ? (receipts[index] ?? null) : null,
      waitingFor: entry.state === 'pending' ? waitingFor(entry, view) : null,
      dependents: entry.kind === 'receipt' || entry.batchCreated ? 0 : (waiting.get(entry.id) ?? 0),
    }));
  }, [userId]);
}

function waitingFor(entry: OutboxEntry, view: OutboxView): OutboxItem['waitingFor'] {
  if (entry.kind === 'receipt') {
    const payload = entry.payload as CashReceiptInput;
    if (payload.memberClientId && view.ids.has(payload.memberClientId)) return 'member';
    if (payload.batchId && view.batchesNotCreated.has(payload.batchId)) return 'batch';
  }
  if (entry.kind === 'batch' && entry.batchCreated && view.batchesWithReceipts.has(entry.id)) return 'receipts';
  return null;
}

export { useOnline };

export type FlushView = FlushState & { online: boolean };

/** Why the queue is or is not moving, and when it last reached the server; `offline` wins while the device is offline. */
export function useFlushState(): FlushView {
  const online = useOnline();
  const stored = useLiveQuery(async () => ({ ...INITIAL_FLUSH_STATE, ...((await db.meta.get(FLUSH_STATE_KEY))?.value as Partial<FlushState> | undefined) }), []);
  const state = stored ?? INITIAL_FLUSH_STATE;
  const block: FlushBlock = !online && state.block !== 'signed-out' ? 'offline' : state.block === 'offline' && online ? 'backing-off' : state.block;
  return { ...state, block, online };
}
