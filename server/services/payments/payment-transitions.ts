import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import { type PaymentEvent, recordPaymentEvent } from './payment-events';
import { postPaymentLedger } from './payment-ledger';

/**
 * THE gate of the payment lifecycle:
 *
 *   pending ──► completed | failed | canceled
 *   pending ──► pending_cancel ──► canceled (or completed/failed when the provider got there first)
 *
 * A final transition is ONE conditional UPDATE (… WHERE status IN ('pending','pending_cancel')
 * RETURNING). Whoever runs it first — a callback, a poll, a duplicate callback racing it, a staff
 * "check now" — gets the row back; everyone else gets nothing and changes nothing. The ledger
 * entry of a completed payment is posted inside the same database transaction as the winning
 * UPDATE, so a payment is credited exactly once and never without being completed.
 */

export type FinalStatus = 'completed' | 'failed' | 'canceled';
const OPEN = ['pending', 'pending_cancel'];
const ONLINE = ['mobile', 'card', 'bank'];

export type Transition = {
  to: FinalStatus;
  /** Why (a PaymentReasonCode); a cancel keeps the reason it was requested with when this is null. */
  reasonCode?: string | null;
  trxId?: string | null;
  providerRef?: string | null;
  source: PaymentEvent['source'];
  detail?: string;
};

export type FinalizedPayment = {
  id: string;
  status: FinalStatus;
  institutionId: number;
  memberId: number | null;
  payerPhone: string | null;
  amount: number;
  fee: number;
  currency: string;
  referenceNo: string;
  receiptNo: string | null;
  method: string;
};

/** Receipt numbers of online payments: RCP- and the reference's random part ("SDK7K3M9Q2X" → "RCP-7K3M9Q2X"). */
const receiptNoSql = sql`'RCP-' || substr(${transactions.referenceNo}, 4)`;

export async function finalizePayment(database: Database, paymentId: string, transition: Transition, now: Date): Promise<FinalizedPayment | null> {
  return database.db.transaction(async (tx) => {
    const reason = transition.reasonCode ?? null;
    const [row] = await tx
      .update(transactions)
      .set({
        status: transition.to,
        completedAt: transition.to === 'completed' ? now : sql`${transactions.completedAt}`,
        failedReason: transition.to === 'failed' ? reason : sql`${transactions.failedReason}`,
        reason: transition.to === 'canceled' ? sql`coalesce(${reason}::text, ${transactions.reason})` : sql`${transactions.reason}`,
        trxId: sql`coalesce(${transition.trxId ?? null}::text, ${transactions.trxId})`,
        providerRef: sql`coalesce(${transition.providerRef ?? null}::text, ${transactions.providerRef})`,
        receiptNo: transition.to === 'completed' ? receiptNoSql : sql`${transactions.receiptNo}`,
        creditStatus: transition.to === 'completed' ? 'pending' : sql`${transactions.creditStatus}`,
      })
      .where(and(eq(transactions.id, paymentId), inArray(transactions.status, OPEN), inArray(transactions.method, ONLINE)))
      .returning({
        id: transactions.id,
        status: transactions.status,
        institutionId: transactions.institutionId,
        memberId: transactions.memberId,
        payerPhone: transactions.payerPhone,
        amount: transactions.amount,
        fee: transactions.fee,
        currency: transactions.currency,
        referenceNo: transactions.referenceNo,
        receiptNo: transactions.receiptNo,
        method: transactions.method,
      });
    if (!row) return null;
    if (transition.to === 'completed') {
      const [institution] = await tx.select({ id: institutions.id, path: institutions.path }).from(institutions).where(eq(institutions.id, row.institutionId));
      if (!institution) throw new Error(`payment ${paymentId} names no institution`);
      await postPaymentLedger(tx, { id: row.id, referenceNo: row.referenceNo, currency: row.currency, fee: row.fee, institution, at: now });
    }
    await recordPaymentEvent(tx, { transactionId: paymentId, source: transition.source, outcome: transition.to, detail: [reason, transition.detail].filter(Boolean).join(' · ') || null, at: now });
    return { ...row, status: transition.to };
  });
}

/** pending → pending_cancel (the provider is asked to cancel next). False when it was no longer pending. */
export async function requestCancel(db: Db, paymentId: string, reasonCode: string, source: PaymentEvent['source'], now: Date): Promise<boolean> {
  const rows = await db
    .update(transactions)
    .set({ status: 'pending_cancel', reason: reasonCode })
    .where(and(eq(transactions.id, paymentId), eq(transactions.status, 'pending')))
    .returning({ id: transactions.id });
  if (rows.length > 0) await recordPaymentEvent(db, { transactionId: paymentId, source, outcome: 'pending_cancel', detail: reasonCode, at: now });
  return rows.length > 0;
}
