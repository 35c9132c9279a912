import type { BatchRow } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { ApiError, api } from '../api-client';
import { db, type SadakaDb } from '../db';
import { BatchList } from './batch-reply';
import type { LocalBatch } from './types';
import type { z } from 'zod';

type ServerBatch = z.infer<typeof BatchRow>;

/** The newest batches of the congregation; far more than a counting team keeps open at once. */
const LIMIT = 200;

/**
 * Brings the congregation's batches down into the device (issue 11, like the member cache): those
 * opened on other devices become continuable and closable here, and a close made elsewhere reaches
 * this device. Throws when offline or on a failed request (the caller keeps the old copy).
 */
export async function refreshBatches(institutionId: number, database: SadakaDb = db): Promise<void> {
  let data: ServerBatch[];
  try {
    ({ data } = await api.get(`${apiPaths.receiptBatches}?institutionId=${institutionId}&limit=${LIMIT}`, BatchList));
  } catch (error) {
    // A role that may not read batches simply has none brought down.
    if (error instanceof ApiError && error.status === 403) return;
    throw error;
  }
  await storeServerBatches(institutionId, data, database);
}

/**
 * Merges the server's list into the device's batches in one transaction. The server is right about
 * what it has (counts, totals, a close); the device is right about what it has not sent yet: a batch
 * opened or closed here and still in the outbox keeps its local state, and its close goes out as usual.
 */
export async function storeServerBatches(institutionId: number, rows: readonly ServerBatch[], database: SadakaDb = db, at = Date.now()): Promise<void> {
  await database.transaction('rw', [database.batches, database.outbox], async () => {
    const existing = await database.batches.bulkGet(rows.map((row) => row.id));
    const waiting = new Set(await batchEntryIds(database));
    const next: LocalBatch[] = rows.map((row, index) => merge(row, existing[index], waiting.has(row.id), at)).filter((row) => row.institutionId === institutionId);
    await database.batches.bulkPut(next);
  });
}

async function batchEntryIds(database: SadakaDb): Promise<string[]> {
  const ids: string[] = [];
  await database.outbox.where('kind').equals('batch').each((entry) => ids.push(entry.id));
  return ids;
}

function merge(row: ServerBatch, local: LocalBatch | undefined, inOutbox: boolean, at: number): LocalBatch {
  const server = { receiptCount: row.receiptCount, total: row.total, lateCount: row.lateCount, lateTotal: row.lateTotal, stale: row.stale, at };
  if (!local) {
    return {
      id: row.id,
      institutionId: row.institutionId,
      name: row.name,
      serviceDate: row.serviceDate,
      currency: row.currency,
      closedAt: row.closedAt,
      createdAt: row.openedAt,
      syncState: 'synced',
      server,
    };
  }
  if (inOutbox) return { ...local, server };
  // Nothing of ours waits: the server's close (its time, whoever made it) is the batch's close.
  const closedElsewhere = local.closedElsewhere === true || (local.closedAt === null && row.closedAt !== null);
  return { ...local, closedAt: row.closedAt ?? local.closedAt, syncState: 'synced', server, ...(closedElsewhere ? { closedElsewhere } : {}) };
}
