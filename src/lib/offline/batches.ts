import { v7 as uuidv7 } from 'uuid';
import { checkBatch } from '../../../domain/receipt-rules';
import { db, type SadakaDb } from '../db';
import { currentUserId } from './current-user';
import { BatchClosedError, guardStorage } from './errors';
import { requestFlush } from './flush-scheduler';
import { newOutboxEntry } from './outbox-entries';
import type { LocalBatch } from './types';
import { acceptedDraft } from './validate-draft';

export type BatchDraft = { institutionId: number; name: string; serviceDate: string; currency: string };

/** Opens a counting batch on this device; it exists at once, offline or not, and syncs like a receipt. */
export async function openBatch(draft: BatchDraft, database: SadakaDb = db): Promise<LocalBatch> {
  const userId = currentUserId();
  const payload = acceptedDraft(checkBatch({ id: uuidv7(), ...draft, closedAt: null }));
  const batch: LocalBatch = {
    id: payload.id,
    institutionId: payload.institutionId,
    name: payload.name,
    serviceDate: payload.serviceDate,
    currency: payload.currency,
    closedAt: null,
    createdAt: new Date().toISOString(),
    syncState: 'pending',
  };
  await guardStorage(() =>
    database.transaction('rw', [database.batches, database.outbox], async () => {
      await database.batches.add(batch);
      await database.outbox.add(newOutboxEntry('batch', payload, userId));
    }),
  );
  void requestFlush('recorded');
  return batch;
}

/**
 * Closes a batch: no more envelopes go in. The batch's one outbox entry is upserted with the closed
 * payload — if it is still waiting, its payload changes (nothing of it reached the server as closed);
 * if it already synced, a new entry under the same id carries the close (open → closed is the one
 * change the server accepts). The flusher sends the close after the batch's receipts.
 */
export async function closeBatch(batchId: string, database: SadakaDb = db): Promise<LocalBatch> {
  const userId = currentUserId();
  const closedAt = new Date().toISOString();
  const closed = await guardStorage(() =>
    database.transaction('rw', [database.batches, database.outbox], async () => {
      const batch = await database.batches.get(batchId);
      if (!batch) throw new BatchClosedError();
      if (batch.closedAt !== null) return batch;
      const next: LocalBatch = { ...batch, closedAt, syncState: 'pending' };
      const payload = { id: batch.id, institutionId: batch.institutionId, name: batch.name, serviceDate: batch.serviceDate, currency: batch.currency, closedAt };
      await database.batches.put(next);
      const entry = await database.outbox.where('id').equals(batchId).first();
      if (entry) {
        await database.outbox.update(entry.seq!, { payload });
      } else {
        await database.outbox.add({ ...newOutboxEntry('batch', payload, userId), batchCreated: true });
      }
      return next;
    }),
  );
  void requestFlush('recorded');
  return closed;
}
