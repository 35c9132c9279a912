import type { CashReceiptPage as CashReceiptPageSchema, CashReceiptRow } from '../../../domain/api/receipts';
import { RECEIPT_METHODS } from '../../../domain/receipt-rules';
import { integer, list, nullable, oneOf, optional, record, replyParser, text, type Reader } from './desk-data';
import type { z } from 'zod';

/**
 * The history's replies (BatchList and CashReceiptPage of domain/api/receipts.ts), checked without
 * zod so the page's chunk stays small (docs/decisions/013-desk-bundle.md); a reply that breaks the
 * contract is a server fault, as before.
 */

export { BatchList } from '../../lib/offline/batch-reply';

const ReceiptRowReply: Reader<CashReceiptRow> = record({
  id: text,
  receiptNo: nullable(text),
  institutionId: integer,
  memberId: nullable(integer),
  memberName: nullable(text),
  memberCode: nullable(text),
  payerName: nullable(text),
  payerPhone: nullable(text),
  method: oneOf(RECEIPT_METHODS),
  chequeNo: nullable(text),
  currency: text,
  amount: integer,
  lines: list(record({ offeringTypeId: integer, title: text, amount: integer })),
  batchId: nullable(text),
  batchName: nullable(text),
  note: nullable(text),
  receivedAt: text,
  recordedBy: nullable(integer),
  recordedByName: nullable(text),
  syncedAt: text,
  smsStatus: nullable(text),
});
const PageReply: Reader<z.infer<typeof CashReceiptPageSchema>> = record({
  data: list(ReceiptRowReply),
  count: integer,
  nextCursor: nullable(text),
  totals: record({
    amount: integer,
    byOfferingType: list(record({ offeringTypeId: integer, title: text, amount: integer, count: integer })),
    byCurrency: optional(list(record({ currency: text, amount: integer, count: integer }))),
  }),
});
export const CashReceiptPage = replyParser(PageReply);
