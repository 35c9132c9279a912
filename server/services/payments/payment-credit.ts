import { and, asc, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { CreditStatus } from '../../../domain/api/payments';
import { bankAccounts } from '../../db/schema/institutions';
import { ledgerEntries, ledgerLines, transactions } from '../../db/schema/money';
import { paymentCreditAttempts, paymentCredits } from '../../db/schema/payments';
import { recordPaymentEvent } from './payment-events';
import type { PaymentDeps } from './payment-deps';

/**
 * Crediting a completed payment: each share of its ledger entry (church, field, union) is paid
 * into that holder's active bank account in the payment's currency (the bank is ours, so this is
 * the core-banking posting, recorded in payment_credits). All shares or none, in one database
 * transaction; a unique index allows one credit per payment and share, so retries can never pay
 * twice. Without an active account for some holder the credit fails, the payment shows in
 * "failed credits", and authorised staff retry it once the account is fixed.
 *
 * The failure reason is stored as `no_account:<institutionId>:<currency>` and worded for the reader.
 */
export type CreditOutcome = { creditStatus: CreditStatus; reason: string | null };

export async function creditPayment(deps: Pick<PaymentDeps, 'database' | 'now'>, paymentId: string, attemptedBy: number | null): Promise<CreditOutcome | null> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select status, credit_status, currency from transactions where id = ${paymentId} for update`);
    const payment = (Array.isArray(locked) ? locked : ((locked as { rows?: unknown[] }).rows ?? []))[0] as
      | { status: string; credit_status: string | null; currency: string }
      | undefined;
    if (!payment || payment.status !== 'completed') return null;
    if (payment.credit_status === 'credited') return { creditStatus: 'credited', reason: null };

    const shares = await tx
      .select({ account: ledgerLines.account, institutionId: ledgerLines.institutionId, amount: sql<number>`sum(${ledgerLines.credit})`.mapWith(Number) })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(and(eq(ledgerEntries.transactionId, paymentId), isNull(ledgerEntries.reversalOf), like(ledgerLines.account, 'share:%')))
      .groupBy(ledgerLines.account, ledgerLines.institutionId)
      .orderBy(asc(ledgerLines.account));

    const planned: Array<typeof paymentCredits.$inferInsert> = [];
    for (const share of shares) {
      if (share.institutionId === null || share.amount <= 0) continue;
      const [account] = await tx
        .select({ id: bankAccounts.id, accountNumber: bankAccounts.accountNumber })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.institutionId, share.institutionId), eq(bankAccounts.status, 'activated'), eq(bankAccounts.currency, payment.currency)))
        .orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.id))
        .limit(1);
      if (!account) {
        const reason = `no_account:${share.institutionId}:${payment.currency}`;
        await tx.update(transactions).set({ creditStatus: 'failed' }).where(eq(transactions.id, paymentId));
        await tx.insert(paymentCreditAttempts).values({ transactionId: paymentId, outcome: 'failed', reason, attemptedBy, createdAt: now });
        await recordPaymentEvent(tx, { transactionId: paymentId, source: 'credit', outcome: 'credit_failed', detail: reason, at: now });
        return { creditStatus: 'failed', reason };
      }
      planned.push({
        transactionId: paymentId,
        share: share.account.slice('share:'.length),
        institutionId: share.institutionId,
        bankAccountId: account.id,
        accountNumber: account.accountNumber,
        amount: share.amount,
        currency: payment.currency,
        createdAt: now,
      });
    }
    if (planned.length > 0) await tx.insert(paymentCredits).values(planned).onConflictDoNothing();
    await tx.update(transactions).set({ creditStatus: 'credited' }).where(eq(transactions.id, paymentId));
    await tx.insert(paymentCreditAttempts).values({ transactionId: paymentId, outcome: 'credited', reason: null, attemptedBy, createdAt: now });
    await recordPaymentEvent(tx, { transactionId: paymentId, source: 'credit', outcome: 'credited', detail: planned.map((p) => `${p.share} ${p.amount}`).join(', '), at: now });
    return { creditStatus: 'credited', reason: null };
  });
}
