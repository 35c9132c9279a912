import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CashReceiptInput } from '../../../domain/api/receipts';
import { SHARES, splitAmount } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerLines, transactionLines, transactions } from '../../db/schema/money';
import { logActivity } from '../auth/activity';
import type { ScopedInstitution } from './desk-access';
import type { ReceiptReferences } from './receipt-references';
import type { SyncActor } from './sync-entry';

type ValidReceipt = ReturnType<typeof CashReceiptInput.parse>;
export type StoredReceipt = { id: string; receiptNo: string | null; requestHash: string | null };
export type PostOutcome =
  | { kind: 'created'; transactionId: string; receiptNo: string; amount: number; replacedReceiptNo: string | null }
  | { kind: 'exists'; stored: StoredReceipt };

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

export async function findStoredReceipt(db: Db, clientId: string): Promise<StoredReceipt | null> {
  const [row] = await db
    .select({ id: transactions.id, receiptNo: transactions.receiptNo, requestHash: transactions.requestHash })
    .from(transactions)
    .where(eq(transactions.clientId, clientId));
  return row ?? null;
}

/**
 * Stores one receipt in ONE database transaction: the transaction row (its client id claimed with
 * INSERT … ON CONFLICT DO NOTHING, so of any number of racing copies exactly one inserts and the
 * others read the winner), its lines, and a balanced ledger entry: clearing debited with the
 * amount, each line credited to church/field/union by its offering type's divisions (largest
 * remainder, so the credits add up to the line exactly).
 */
export async function postReceipt(
  ctx: AppContext,
  actor: SyncActor,
  input: ValidReceipt,
  hash: string,
  institution: ScopedInstitution,
  refs: ReceiptReferences,
): Promise<PostOutcome> {
  const amount = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const targets = shareTargets(institution);
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    let receiptNo = '';
    let transactionId = '';
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS && !transactionId; attempt++) {
      receiptNo = attempt === 0 && input.receiptNo ? input.receiptNo : serverReceiptNo(institution.code, now);
      const [row] = await tx
        .insert(transactions)
        .values({
          id: randomUUID(),
          clientId: input.id,
          requestHash: hash,
          institutionId: institution.id,
          memberId: refs.giver.memberId,
          payerName: refs.giver.name,
          payerPhone: refs.giver.phone,
          method: input.method,
          status: 'completed',
          amount,
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
        })
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

    await tx.insert(transactionLines).values(input.lines.map((line) => ({ transactionId, offeringTypeId: line.offeringTypeId, amount: line.amount })));
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({ transactionId, description: `Cash receipt ${receiptNo}`, postedAt: now })
      .returning({ id: ledgerEntries.id });
    const entryId = entry!.id;
    const postings: Array<typeof ledgerLines.$inferInsert> = [
      { entryId, account: 'clearing', institutionId: institution.id, offeringTypeId: null, currency: input.currency, debit: amount, credit: 0 },
    ];
    for (const line of input.lines) {
      const type = refs.types.get(line.offeringTypeId)!;
      const split = splitAmount(line.amount, type.divisions);
      for (const share of SHARES) {
        if (split[share] === 0) continue;
        postings.push({ entryId, account: `share:${share}`, institutionId: targets[share], offeringTypeId: type.id, currency: input.currency, debit: 0, credit: split[share] });
      }
    }
    await tx.insert(ledgerLines).values(postings);
    await logActivity(tx, {
      userId: actor.user.id,
      sessionId: actor.sessionId,
      action: 'cash-receipt.recorded',
      entityType: 'transaction',
      entityId: transactionId,
      details: `${receiptNo} ${input.method} ${amount} ${input.currency} institution ${institution.id}`,
      ipAddress: actor.ip,
      userAgent: actor.userAgent,
      at: now,
    });
    return { kind: 'created', transactionId, receiptNo, amount, replacedReceiptNo: input.receiptNo && input.receiptNo !== receiptNo ? input.receiptNo : null };
  });
}
