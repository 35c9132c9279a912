import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { SHARES, splitAmount } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerLines, transactionLines, transactions } from '../../db/schema/money';
import { type ActivityEntry, logActivity } from '../auth/activity';
import { divisionsAt } from '../offerings/division-history';
import type { ScopedInstitution } from './desk-access';
import type { ReceiptReferences, ValidReceipt } from './receipt-references';
import { type SyncActor, uuidKey } from './sync-entry';

export type StoredReceipt = { id: string; institutionId: number; receiptNo: string | null; requestHash: string | null };
export type PostOutcome =
  | { kind: 'created'; transactionId: string; receiptNo: string; amount: number; replacedReceiptNo: string | null }
  | { kind: 'exists'; stored: StoredReceipt };

/** A receipt that passed every check, ready to be written: what was sent, its request hash and what it names. */
export type ReceiptToPost = { input: ValidReceipt; hash: string; institution: ScopedInstitution; refs: ReceiptReferences };

/** A receipt number or reference taken by another receipt in a race: a few fresh tries settle it. */
const NUMBER_ATTEMPTS = 3;

const day = (date: Date) => date.toISOString().slice(2, 10).replaceAll('-', '');
const token = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** A receipt number the server makes when the device sent none (or its own was already used). */
export const serverReceiptNo = (institutionCode: string, now: Date) => `RC-${institutionCode}-${day(now)}-${token(3)}`;
const referenceNo = (now: Date) => `CR${day(now)}${token(6)}`;

/**
 * Where the shares of a split go: the congregation keeps the church share, the two levels at the
 * top of its path (union/council, then field/region) take theirs, as the demo ledger posts them.
 * A shallower tree gives the missing levels' shares to the nearest one present.
 */
export function shareTargets(institution: { id: number; path: string }): Record<(typeof SHARES)[number], number> {
  const chain = institution.path.split('/').filter(Boolean).map(Number);
  const union = chain[0] ?? institution.id;
  return { church: institution.id, field: chain[1] ?? union, union };
}

export const receiptAmount = (input: ValidReceipt) => input.lines.reduce((sum, line) => sum + line.amount, 0);

export async function findStoredReceipt(db: Db, clientId: string): Promise<StoredReceipt | null> {
  const [row] = await db
    .select({ id: transactions.id, institutionId: transactions.institutionId, receiptNo: transactions.receiptNo, requestHash: transactions.requestHash })
    .from(transactions)
    .where(eq(transactions.clientId, clientId));
  return row ?? null;
}

/** The stored receipts of many client ids in one query, keyed by uuidKey(client id). */
export async function findStoredReceipts(db: Db, clientIds: readonly string[]): Promise<Map<string, StoredReceipt>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .select({ clientId: transactions.clientId, id: transactions.id, institutionId: transactions.institutionId, receiptNo: transactions.receiptNo, requestHash: transactions.requestHash })
    .from(transactions)
    .where(inArray(transactions.clientId, [...clientIds]));
  return new Map(rows.map(({ clientId, ...stored }) => [uuidKey(clientId!), stored]));
}

/** The transaction row of a cash receipt (the same for one receipt alone and for a request's receipts together). */
export function receiptTransactionRow(actor: SyncActor, post: ReceiptToPost, receiptNo: string, now: Date) {
  const { input, refs } = post;
  return {
    id: randomUUID(),
    clientId: input.id,
    requestHash: post.hash,
    institutionId: post.institution.id,
    memberId: refs.giver.memberId,
    payerName: refs.giver.name,
    payerPhone: refs.giver.phone,
    method: input.method,
    status: 'completed',
    amount: receiptAmount(input),
    currency: input.currency,
    fee: 0,
    referenceNo: referenceNo(now),
    receiptNo,
    batchId: input.batchId ?? null,
    chequeNo: input.method === 'cheque' ? (input.chequeNo ?? null) : null,
    note: input.note ?? null,
    receivedAt: new Date(input.receivedAt),
    createdBy: actor.user.id,
    createdAt: now,
    completedAt: now,
  } satisfies typeof transactions.$inferInsert;
}

export const receiptLineRows = (transactionId: string, input: ValidReceipt): Array<typeof transactionLines.$inferInsert> =>
  input.lines.map((line) => ({ transactionId, offeringTypeId: line.offeringTypeId, amount: line.amount, pledgeId: line.pledgeId ?? null }));

export const receiptLedgerEntry = (transactionId: string, receiptNo: string, now: Date) =>
  ({ transactionId, description: `Cash receipt ${receiptNo}`, postedAt: now }) satisfies typeof ledgerEntries.$inferInsert;

/**
 * A balanced entry: clearing debited with the amount, each line credited to church/field/union by
 * its offering type's divisions on the day it was received (largest remainder, so the credits add up to the line exactly).
 */
export function receiptPostings(entryId: number, post: ReceiptToPost): Array<typeof ledgerLines.$inferInsert> {
  const { input, refs, institution } = post;
  const targets = shareTargets(institution);
  const postings: Array<typeof ledgerLines.$inferInsert> = [
    { entryId, account: 'clearing', institutionId: institution.id, offeringTypeId: null, currency: input.currency, debit: receiptAmount(input), credit: 0 },
  ];
  for (const line of input.lines) {
    const type = refs.types.get(line.offeringTypeId)!;
    const split = splitAmount(line.amount, divisionsAt(type.history, new Date(input.receivedAt), type.divisions));
    for (const share of SHARES) {
      if (split[share] === 0) continue;
      postings.push({ entryId, account: `share:${share}`, institutionId: targets[share], offeringTypeId: type.id, currency: input.currency, debit: 0, credit: split[share] });
    }
  }
  return postings;
}

export const receiptRecorded = (actor: SyncActor, post: ReceiptToPost, transactionId: string, receiptNo: string, now: Date): ActivityEntry => ({
  userId: actor.user.id,
  sessionId: actor.sessionId,
  action: 'cash-receipt.recorded',
  entityType: 'transaction',
  entityId: transactionId,
  details: `${receiptNo} ${post.input.method} ${receiptAmount(post.input)} ${post.input.currency} institution ${post.institution.id}`,
  ipAddress: actor.ip,
  userAgent: actor.userAgent,
  at: now,
});

/**
 * Stores one receipt in ONE database transaction: the transaction row (its client id claimed with
 * INSERT … ON CONFLICT DO NOTHING, so of any number of racing copies exactly one inserts and the
 * others read the winner), its lines, a balanced ledger entry and the activity log row. A receipt
 * number (or reference) already taken is replaced by a fresh server number.
 */
export async function postReceipt(ctx: AppContext, actor: SyncActor, post: ReceiptToPost): Promise<PostOutcome> {
  const { input } = post;
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    let receiptNo = '';
    let transactionId = '';
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS && !transactionId; attempt++) {
      receiptNo = attempt === 0 && input.receiptNo ? input.receiptNo : serverReceiptNo(post.institution.code, now);
      const [row] = await tx
        .insert(transactions)
        .values(receiptTransactionRow(actor, post, receiptNo, now))
        // No target: the client id, the receipt number and the reference are all unique; which one
        // stopped us is read below.
        .onConflictDoNothing()
        .returning({ id: transactions.id });
      if (row) {
        transactionId = row.id;
        break;
      }
      const winner = await findStoredReceipt(tx, input.id);
      if (winner) return { kind: 'exists', stored: winner };
    }
    if (!transactionId) throw new Error(`no free receipt number for ${input.id} after ${NUMBER_ATTEMPTS} tries`);

    await tx.insert(transactionLines).values(receiptLineRows(transactionId, input));
    const [entry] = await tx.insert(ledgerEntries).values(receiptLedgerEntry(transactionId, receiptNo, now)).returning({ id: ledgerEntries.id });
    await tx.insert(ledgerLines).values(receiptPostings(entry!.id, post));
    await logActivity(tx, receiptRecorded(actor, post, transactionId, receiptNo, now));
    return {
      kind: 'created',
      transactionId,
      receiptNo,
      amount: receiptAmount(input),
      replacedReceiptNo: input.receiptNo && input.receiptNo !== receiptNo ? input.receiptNo : null,
    };
  });
}
