import type { BatchRow } from '../../../domain/api/receipts';
import type { z } from 'zod';
import type { LocalBatch, LocalReceipt } from '../../lib/offline/types';
import { batchFigures, type BatchFigures, type ServerBase } from './batch-figures';

export type BatchListRow = {
  id: string;
  name: string;
  serviceDate: string;
  currency: string;
  closed: boolean;
  figures: BatchFigures;
  /** On this device, so envelopes can be entered or its summary printed here. */
  local: boolean;
  batch: LocalBatch | null;
};

type ServerRow = z.infer<typeof BatchRow>;

/**
 * This device's batches and the server's (every device of the congregation) in one list. A live
 * answer from the server (`serverAt`: when it arrived) is fresher than the device's cached copy; either
 * way the counts are the server's plus what this device has not sent (batch-figures.ts). Offline
 * with nothing cached, the device's own envelopes are the count.
 */
export function mergeBatchRows(local: readonly LocalBatch[], server: readonly ServerRow[] | undefined, receipts: readonly LocalReceipt[], serverAt = Date.now()): BatchListRow[] {
  const byBatch = new Map<string, LocalReceipt[]>();
  for (const receipt of receipts) {
    if (!receipt.batchId) continue;
    const list = byBatch.get(receipt.batchId) ?? [];
    list.push(receipt);
    byBatch.set(receipt.batchId, list);
  }
  const live = new Map((server ?? []).map((row) => [row.id, row]));
  const rows = new Map<string, BatchListRow>();
  const baseOf = (row: ServerRow | undefined, batch: LocalBatch | null): ServerBase | undefined =>
    row ? { receiptCount: row.receiptCount, total: row.total, lateCount: row.lateCount, lateTotal: row.lateTotal, stale: row.stale, at: serverAt } : batch?.server;
  for (const row of server ?? []) {
    rows.set(row.id, {
      id: row.id,
      name: row.name,
      serviceDate: row.serviceDate,
      currency: row.currency,
      closed: row.status === 'closed',
      figures: batchFigures(baseOf(row, null), byBatch.get(row.id) ?? []),
      local: false,
      batch: null,
    });
  }
  for (const batch of local) {
    const known = live.get(batch.id);
    rows.set(batch.id, {
      id: batch.id,
      name: batch.name,
      serviceDate: batch.serviceDate,
      currency: batch.currency,
      // Closing happens on the device first; the server learns it on the next sync.
      closed: batch.closedAt !== null || known?.status === 'closed',
      figures: batchFigures(baseOf(known, batch), byBatch.get(batch.id) ?? []),
      local: true,
      batch,
    });
  }
  return [...rows.values()].sort((a, b) => Number(a.closed) - Number(b.closed) || b.serviceDate.localeCompare(a.serviceDate));
}
