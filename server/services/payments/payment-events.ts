import type { Db } from '../../db/client';
import { paymentEvents } from '../../db/schema/payments';

/**
 * The payment's own history (shown in the transaction detail): every start, callback (including
 * rejected ones), poll, cancel and credit attempt. Details never carry card numbers or tokens.
 */
export type PaymentEvent = { transactionId: string | null; source: 'start' | 'callback' | 'poll' | 'check' | 'cancel' | 'timeout' | 'credit' | 'transfer'; outcome: string; detail?: string | null; at: Date };

export async function recordPaymentEvent(db: Db, event: PaymentEvent): Promise<void> {
  await db.insert(paymentEvents).values({
    transactionId: event.transactionId,
    source: event.source,
    outcome: event.outcome,
    detail: event.detail?.slice(0, 500) ?? null,
    createdAt: event.at,
  });
}
