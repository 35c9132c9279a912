import type { BatchInput, CashReceiptInput } from '../../../domain/api/receipts';
import type { SyncEndpoint } from './transport';
import type { OutboxEntry } from './types';

export type PhaseName = 'batch-open' | 'member' | 'receipt' | 'batch-close';

export type Phase = {
  name: PhaseName;
  endpoint: SyncEndpoint;
  /** Which of this user's pending entries may go now, given everything still in the outbox. */
  eligible: (entry: OutboxEntry, outbox: OutboxView) => boolean;
  /** What goes on the wire for the entry. */
  body: (entry: OutboxEntry) => unknown;
};

/** What dependencies are still on the device: an entry's id is here until the server has it. */
export type OutboxView = {
  /** Ids of every entry still in the outbox (any state, any user). */
  ids: Set<string>;
  /** Batches the server does not have yet. */
  batchesNotCreated: Set<string>;
  /** Batches that still have a receipt in the outbox. */
  batchesWithReceipts: Set<string>;
};

export function outboxView(entries: readonly OutboxEntry[]): OutboxView {
  const view: OutboxView = { ids: new Set(), batchesNotCreated: new Set(), batchesWithReceipts: new Set() };
  for (const entry of entries) {
    view.ids.add(entry.id);
    if (entry.kind === 'batch' && !entry.batchCreated) view.batchesNotCreated.add(entry.id);
    const batchId = entry.kind === 'receipt' ? (entry.payload as CashReceiptInput).batchId : undefined;
    if (batchId) view.batchesWithReceipts.add(batchId);
  }
  return view;
}

/**
 * The order of a flush (offline.md): a batch must exist before receipts go into it, a member
 * registered offline before the receipts naming them, and a batch is closed only after all its
 * receipts are in. A receipt whose member or batch is still on the device (pending, rejected or in
 * conflict) waits; it never goes ahead to be refused for a missing reference.
 */
export const PHASES: readonly Phase[] = [
  {
    name: 'batch-open',
    endpoint: 'batches',
    eligible: (entry) => entry.kind === 'batch' && !entry.batchCreated,
    // Always created open — whatever happened locally — so its receipts can still go in; the close follows.
    body: (entry) => ({ ...(entry.payload as BatchInput), closedAt: null }),
  },
  {
    name: 'member',
    endpoint: 'members',
    eligible: (entry) => entry.kind === 'member',
    body: (entry) => entry.payload,
  },
  {
    name: 'receipt',
    endpoint: 'receipts',
    eligible: (entry, outbox) => {
      if (entry.kind !== 'receipt') return false;
      const receipt = entry.payload as CashReceiptInput;
      if (receipt.memberClientId && outbox.ids.has(receipt.memberClientId)) return false;
      return !receipt.batchId || !outbox.batchesNotCreated.has(receipt.batchId);
    },
    body: (entry) => entry.payload,
  },
  {
    name: 'batch-close',
    endpoint: 'batches',
    eligible: (entry, outbox) =>
      entry.kind === 'batch' && entry.batchCreated === true && (entry.payload as BatchInput).closedAt != null && !outbox.batchesWithReceipts.has(entry.id),
    body: (entry) => entry.payload,
  },
];
