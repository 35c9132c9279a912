import type { BatchRow } from '../../../domain/api/receipts';
import type { z } from 'zod';
import type { LocalBatch, LocalReceipt } from '../../lib/offline/types';
import { receiptAmount } from './batch-totals';

export type BatchListRow = {
  id: string;
  name: string;
  serviceDate: string;
  currency: string;
  closed: boolean;
  count: number;
  total: number;
  /** On this device, so envelopes can be entered or its summary printed here. */
  local: boolean;
  batch: LocalBatch | null;
};

/**
 * This device's batches and the server's (other devices' too) in one list. For a batch both know,
 * the server's counts cover what has synced and the device adds what has not, so nothing is
 * counted twice; offline (no server list) the device's own envelopes are the count.
 */
export function mergeBatchRows(local: readonly LocalBatch[], server: ReadonlyArray<z.infer<typeof BatchRow>> | undefined, receipts: readonly LocalReceipt[]): BatchListRow[] {
  const rows = new Map<string, BatchListRow>();
  const serverIds = new Set((server ?? []).map((row) => row.id));
  for (const row of server ?? []) {
    rows.set(row.id, {
      id: row.id,
      name: row.name,
      serviceDate: row.serviceDate,
      currency: row.currency,
      closed: row.status === 'closed',
      count: row.receiptCount,
      total: row.total,
      local: false,
      batch: null,
    });
  }
  for (const batch of local) {
    const known = rows.get(batch.id);
    rows.set(batch.id, {
      id: batch.id,
      name: batch.name,
      serviceDate: batch.serviceDate,
      currency: batch.currency,
      // Closing happens on the device first; the server learns it on the next sync.
      closed: batch.closedAt !== null || (known?.closed ?? false),
      count: known?.count ?? 0,
      total: known?.total ?? 0,
      local: true,
      batch,
    });
  }
  for (const receipt of receipts) {
    if (!receipt.batchId) continue;
    const row = rows.get(receipt.batchId);
    if (!row) continue;
    const alreadyCounted = serverIds.has(receipt.batchId) && receipt.syncState === 'synced';
    if (alreadyCounted) continue;
    row.count += 1;
    row.total += receiptAmount(receipt);
  }
  return [...rows.values()].sort((a, b) => Number(a.closed) - Number(b.closed) || b.serviceDate.localeCompare(a.serviceDate));
}
