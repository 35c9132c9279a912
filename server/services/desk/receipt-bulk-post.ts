import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { logActivities } from '../auth/activity';
import {
  findStoredReceipts,
  type PostOutcome,
  receiptAmount,
  receiptLedgerEntry,
  receiptLineRows,
  receiptPostings,
  receiptRecorded,
  type ReceiptToPost,
  receiptTransactionRow,
  serverReceiptNo,
} from './receipt-post';
import { type SyncActor, uuidKey } from './sync-entry';
import { executedRows, type UnnestColumn, unnestInsert } from './unnest-insert';

/** `alone`: the row was skipped for a reason other than its client id (a receipt number or reference already taken); postReceipt settles it. */
export type BulkOutcome = PostOutcome | { kind: 'alone' };

type TransactionRow = ReturnType<typeof receiptTransactionRow>;

/**
 * Stores the new receipts of one request in ONE database transaction with one multi-row INSERT per
 * table (unnest: one parameter per column): transactions (ON CONFLICT DO NOTHING, as for one
 * receipt), their lines, ledger entries, ledger lines and activity log rows. The rows are those
 * postReceipt writes for one receipt. A row the conflict skipped is read back by client id: a copy
 * that won a race is answered from what it stored; anything else is left for postReceipt, which
 * replaces a taken receipt number. The caller makes sure no two receipts here share a client id or
 * a requested receipt number. Outcomes come back in the order of `posts`.
 */
export async function postReceiptsTogether(ctx: AppContext, actor: SyncActor, posts: readonly ReceiptToPost[]): Promise<BulkOutcome[]> {
  const now = ctx.now();
  const rows = posts.map((post) => receiptTransactionRow(actor, post, post.input.receiptNo ?? serverReceiptNo(post.institution.code, now), now));
  // In client-id order, so two requests carrying the same receipts take the unique-index locks in
  // the same order and wait for each other instead of deadlocking.
  const insertOrder = [...rows].sort((a, b) => (uuidKey(a.clientId) < uuidKey(b.clientId) ? -1 : 1));
  return ctx.database.db.transaction(async (tx) => {
    const inserted = executedRows<{ id: string }>(
      await tx.execute(unnestInsert('transactions', TRANSACTION_COLUMNS, insertOrder, sql`on conflict do nothing returning id`)),
    );
    const made = new Set(inserted.map((row) => row.id));
    const skipped = posts.filter((_, index) => !made.has(rows[index]!.id));
    const winners = await findStoredReceipts(tx, skipped.map((post) => post.input.id));

    const created = posts.flatMap((post, index) => (made.has(rows[index]!.id) ? [{ post, row: rows[index]! }] : []));
    if (created.length > 0) {
      await tx.execute(
        unnestInsert(
          'transaction_lines',
          [
            ['transaction_id', 'uuid', (line) => line.transactionId],
            ['offering_type_id', 'int', (line) => line.offeringTypeId],
            ['amount', 'bigint', (line) => line.amount],
            ['pledge_id', 'int', (line) => line.pledgeId ?? null],
          ],
          created.flatMap(({ post, row }) => receiptLineRows(row.id, post.input)),
        ),
      );
      const entries = executedRows<{ id: number; transaction_id: string }>(
        await tx.execute(
          unnestInsert(
            'ledger_entries',
            [
              ['transaction_id', 'uuid', (entry) => entry.transactionId],
              ['description', 'text', (entry) => entry.description],
              ['posted_at', 'timestamptz', (entry) => entry.postedAt.toISOString()],
            ],
            created.map(({ row }) => receiptLedgerEntry(row.id, row.receiptNo, now)),
            sql`returning id, transaction_id`,
          ),
        ),
      );
      const entryOf = new Map(entries.map((entry) => [entry.transaction_id, Number(entry.id)]));
      await tx.execute(
        unnestInsert(
          'ledger_lines',
          [
            ['entry_id', 'int', (line) => line.entryId],
            ['account', 'text', (line) => line.account],
            ['institution_id', 'int', (line) => line.institutionId],
            ['offering_type_id', 'int', (line) => line.offeringTypeId],
            ['currency', 'text', (line) => line.currency],
            ['debit', 'bigint', (line) => line.debit],
            ['credit', 'bigint', (line) => line.credit],
          ],
          created.flatMap(({ post, row }) => receiptPostings(entryOf.get(row.id)!, post)),
        ),
      );
      await logActivities(tx, created.map(({ post, row }) => receiptRecorded(actor, post, row.id, row.receiptNo, now)));
    }

    return posts.map((post, index): BulkOutcome => {
      const row = rows[index]!;
      if (made.has(row.id)) return { kind: 'created', transactionId: row.id, receiptNo: row.receiptNo, amount: receiptAmount(post.input), replacedReceiptNo: null };
      const winner = winners.get(uuidKey(post.input.id));
      return winner ? { kind: 'exists', stored: winner } : { kind: 'alone' };
    });
  });
}

const TRANSACTION_COLUMNS: ReadonlyArray<UnnestColumn<TransactionRow>> = [
  ['id', 'uuid', (row) => row.id],
  ['client_id', 'uuid', (row) => row.clientId],
  ['request_hash', 'text', (row) => row.requestHash],
  ['institution_id', 'int', (row) => row.institutionId],
  ['member_id', 'int', (row) => row.memberId],
  ['payer_name', 'text', (row) => row.payerName],
  ['payer_phone', 'text', (row) => row.payerPhone],
  ['method', 'text', (row) => row.method],
  ['status', 'text', (row) => row.status],
  ['amount', 'bigint', (row) => row.amount],
  ['currency', 'text', (row) => row.currency],
  ['fee', 'bigint', (row) => row.fee],
  ['reference_no', 'text', (row) => row.referenceNo],
  ['receipt_no', 'text', (row) => row.receiptNo],
  ['batch_id', 'uuid', (row) => row.batchId],
  ['cheque_no', 'text', (row) => row.chequeNo],
  ['note', 'text', (row) => row.note],
  ['received_at', 'timestamptz', (row) => row.receivedAt.toISOString()],
  ['created_by', 'int', (row) => row.createdBy],
  ['created_at', 'timestamptz', (row) => row.createdAt.toISOString()],
  ['completed_at', 'timestamptz', (row) => row.completedAt.toISOString()],
];
