import type { BatchRow } from '../../../domain/api/receipts';
import { BATCH_STATUSES } from '../../../domain/receipt-rules';
import { flag, integer, list, nullable, oneOf, record, replyParser, text, type Reader } from '../reply-checks';
import type { z } from 'zod';

/**
 * `GET /api/receipt-batches` (BatchList of domain/api/receipts.ts), checked without zod
 * (docs/decisions/013-desk-bundle.md): the batch list of the desk page and the device's batch cache.
 */
const BatchRowReply: Reader<z.infer<typeof BatchRow>> = record({
  id: text,
  institutionId: integer,
  name: text,
  serviceDate: text,
  currency: text,
  status: oneOf(BATCH_STATUSES),
  closedAt: nullable(text),
  receiptCount: integer,
  total: integer,
  openedAt: text,
  stale: flag,
  lateCount: integer,
  lateTotal: integer,
});
export const BatchList = replyParser(record({ data: list(BatchRowReply) }));
