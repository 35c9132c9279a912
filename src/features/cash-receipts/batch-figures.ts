import type { BatchSnapshot, LocalReceipt } from '../../lib/offline/types';
import { receiptAmount } from './batch-totals';

/** What the server holds of a batch, and when this device learnt it (its own clock). */
export type ServerBase = Omit<BatchSnapshot, 'at'> & { at: number };

export type BatchFigures = {
  /** Every device's envelopes the server has, plus this device's not yet there. */
  count: number;
  total: number;
  /** This device's envelopes not on the server yet (pending, sending, rejected or in conflict). */
  unsentCount: number;
  unsentTotal: number;
  /** False when the server has never told us about this batch: the counts are this device's alone. */
  fromServer: boolean;
  /** Envelopes that reached the server after the batch was closed (recorded on a device that was offline). */
  lateCount: number;
  lateTotal: number;
  stale: boolean;
};

/**
 * The whole batch as this device can know it (issue 11): the server's count and total (every
 * device's synced envelopes) plus this device's envelopes the server did not have when it answered —
 * the unsent ones, and those synced after that answer — so nothing is counted twice or left out.
 * Without any word from the server, this device's envelopes are the count.
 */
export function batchFigures(base: ServerBase | undefined, receipts: readonly LocalReceipt[]): BatchFigures {
  let unsentCount = 0;
  let unsentTotal = 0;
  let sinceCount = 0;
  let sinceTotal = 0;
  for (const receipt of receipts) {
    const amount = receiptAmount(receipt);
    if (receipt.syncState !== 'synced') {
      unsentCount += 1;
      unsentTotal += amount;
    } else if (!base || (receipt.syncedAt ?? 0) > base.at) {
      sinceCount += 1;
      sinceTotal += amount;
    }
  }
  return {
    count: (base?.receiptCount ?? 0) + sinceCount + unsentCount,
    total: (base?.total ?? 0) + sinceTotal + unsentTotal,
    unsentCount,
    unsentTotal,
    fromServer: base !== undefined,
    lateCount: base?.lateCount ?? 0,
    lateTotal: base?.lateTotal ?? 0,
    stale: base?.stale ?? false,
  };
}
