import { eq } from 'drizzle-orm';
import { type Divisions, type Share, SHARES, splitAmount } from '../../../domain/money';
import type { Db } from '../../db/client';
import { offeringTypes } from '../../db/schema/members';
import { ledgerEntries, ledgerLines, transactionLines } from '../../db/schema/money';

/**
 * The ledger entry of a completed online payment, posted in the same database transaction as the
 * one transition to 'completed' (so it exists exactly when the payment is completed):
 *
 *   debit  clearing        gross   (money held at the provider / in transit)
 *   credit fees            fee     (our income)
 *   credit share:church    } the net (gross − fee) of each offering line, split by that offering
 *   credit share:field     } type's divisions (largest remainder); the fee is spread over the lines
 *   credit share:union     } in proportion to their amounts, also by largest remainder
 */

export type PostingLine = { offeringTypeId: number; amount: number; divisions: Divisions };
export type Posting = Omit<typeof ledgerLines.$inferInsert, 'id' | 'entryId'>;

/**
 * Splits `total` over `weights` in proportion, by largest remainder; ties go to the earlier weight.
 * BigInt inside, because total × weight can pass 2^53 for large amounts and a rounded product
 * would break the "parts add up exactly" promise.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum <= 0n) return weights.map(() => 0);
  const exact = weights.map((weight, index) => {
    const product = BigInt(total) * BigInt(weight);
    return { index, floor: product / sum, remainder: product % sum };
  });
  const parts = exact.map((part) => Number(part.floor));
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (const part of [...exact].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))) {
    if (left === 0) break;
    parts[part.index]! += 1;
    left -= 1;
  }
  return parts;
}

/** Who receives each share: the church itself, the field and the union above it (from its path). */
export function shareHolders(institution: { id: number; path: string }): Record<Share, number> {
  const chain = institution.path.split('/').filter(Boolean).map(Number);
  const union = chain[0] ?? institution.id;
  return { church: institution.id, field: chain[1] ?? union, union };
}

export function buildPaymentPostings(input: { fee: number; currency: string; institutionId: number; holders: Record<Share, number>; lines: readonly PostingLine[] }): Posting[] {
  const gross = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const feeParts = allocate(input.fee, input.lines.map((line) => line.amount));
  const postings: Posting[] = [{ account: 'clearing', institutionId: input.institutionId, offeringTypeId: null, currency: input.currency, debit: gross, credit: 0 }];
  if (input.fee > 0) postings.push({ account: 'fees', institutionId: null, offeringTypeId: null, currency: input.currency, debit: 0, credit: input.fee });
  input.lines.forEach((line, index) => {
    const split = splitAmount(line.amount - feeParts[index]!, line.divisions);
    for (const share of SHARES) {
      if (split[share] === 0) continue;
      postings.push({ account: `share:${share}`, institutionId: input.holders[share], offeringTypeId: line.offeringTypeId, currency: input.currency, debit: 0, credit: split[share] });
    }
  });
  const debit = postings.reduce((sum, p) => sum + (p.debit ?? 0), 0);
  const credit = postings.reduce((sum, p) => sum + (p.credit ?? 0), 0);
  if (debit !== credit) throw new Error(`unbalanced payment entry: debit ${debit} credit ${credit}`);
  return postings;
}

/** Posts the entry for a payment inside the caller's database transaction. */
export async function postPaymentLedger(
  tx: Db,
  payment: { id: string; referenceNo: string; currency: string; fee: number; institution: { id: number; path: string }; at: Date },
): Promise<number> {
  const rows = await tx
    .select({ offeringTypeId: transactionLines.offeringTypeId, amount: transactionLines.amount, church: offeringTypes.churchBp, field: offeringTypes.fieldBp, union: offeringTypes.unionBp })
    .from(transactionLines)
    .innerJoin(offeringTypes, eq(offeringTypes.id, transactionLines.offeringTypeId))
    .where(eq(transactionLines.transactionId, payment.id))
    .orderBy(transactionLines.id);
  const postings = buildPaymentPostings({
    fee: payment.fee,
    currency: payment.currency,
    institutionId: payment.institution.id,
    holders: shareHolders(payment.institution),
    lines: rows.map((row) => ({ offeringTypeId: row.offeringTypeId, amount: row.amount, divisions: { church: row.church, field: row.field, union: row.union } })),
  });
  const [entry] = await tx.insert(ledgerEntries).values({ transactionId: payment.id, description: `Online payment ${payment.referenceNo}`, postedAt: payment.at }).returning({ id: ledgerEntries.id });
  if (!entry) throw new Error('ledger entry was not created');
  await tx.insert(ledgerLines).values(postings.map((posting) => ({ ...posting, entryId: entry.id })));
  return entry.id;
}
