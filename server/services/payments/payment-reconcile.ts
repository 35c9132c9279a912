import { eq } from 'drizzle-orm';
import { FINAL_TRANSACTION_STATUSES, type TransactionStatus } from '../../../domain/statuses';
import { transactions } from '../../db/schema/money';
import { onlinePayments } from '../../db/schema/payments';
import { toMajorUnits, toMinorUnits } from '../../providers/payments/major-units';
import { type ProviderOutcome, ProviderUnavailable } from '../../providers/payments/payment-provider';
import { recordPaymentEvent, type PaymentEvent } from './payment-events';
import type { PaymentDeps } from './payment-deps';
import { PAYMENT_CREDIT_QUEUE, type PaymentCreditJob, paymentJobId } from './payment-jobs';
import { sendPaymentReceiptSms } from './payment-receipt-sms';
import { finalizePayment, type FinalizedPayment, requestCancel, type Transition } from './payment-transitions';

/**
 * Turns what the provider says (callback, status poll, cancel answer) into at most one transition
 * through the gate (payment-transitions.ts). Rules decided here:
 * - COMPLETED with the amount we asked for → completed. With another amount → failed, reason
 *   amount_mismatch: nothing is credited and the payment waits for manual reconciliation with the
 *   provider (a refund or a corrected payment), which the event log and the failed reason show.
 * - A callback without an amount is confirmed by an order-status query before it is believed.
 * - A final answer for a payment already final changes nothing; a success after a cancel or failure
 *   is logged as late_success for reconciliation.
 * - An unanswered push is cancelled at the provider once its timeout passes (reason timeout).
 */

type Source = PaymentEvent['source'];
export type PaymentState = { id: string; status: TransactionStatus; method: string; amount: number; currency: string; createdAt: Date; timeoutAt: Date | null };

export const isFinal = (status: string) => (FINAL_TRANSACTION_STATUSES as readonly string[]).includes(status);

export async function loadPaymentState(deps: Pick<PaymentDeps, 'database'>, paymentId: string): Promise<PaymentState | null> {
  const [row] = await deps.database.db
    .select({
      id: transactions.id,
      status: transactions.status,
      method: transactions.method,
      amount: transactions.amount,
      currency: transactions.currency,
      createdAt: transactions.createdAt,
      timeoutAt: onlinePayments.timeoutAt,
    })
    .from(transactions)
    .leftJoin(onlinePayments, eq(onlinePayments.transactionId, transactions.id))
    .where(eq(transactions.id, paymentId));
  return row ? { ...row, status: row.status as TransactionStatus } : null;
}

/** Runs one transition; the winner of a completion queues the credit and sends the SMS receipt after commit. */
export async function transition(deps: PaymentDeps, paymentId: string, change: Transition): Promise<FinalizedPayment | null> {
  const done = await finalizePayment(deps.database, paymentId, change, deps.now());
  if (done?.status === 'completed') await afterCompletion(deps, done);
  return done;
}

async function afterCompletion(deps: PaymentDeps, payment: FinalizedPayment) {
  try {
    await deps.jobs.send<PaymentCreditJob>(PAYMENT_CREDIT_QUEUE, { paymentId: payment.id }, { id: paymentJobId(`credit:${payment.id}`) });
  } catch (error) {
    // recoverPending() at the next start queues it again (credit_status stays 'pending').
    deps.log.error({ err: error, paymentId: payment.id }, 'payment credit could not be queued');
  }
  await sendPaymentReceiptSms(deps, payment);
}

async function currentStatus(deps: PaymentDeps, paymentId: string): Promise<TransactionStatus | null> {
  return (await loadPaymentState(deps, paymentId))?.status ?? null;
}

/** Applies one provider answer; returns the payment's status afterwards. */
export async function applyOutcome(deps: PaymentDeps, payment: PaymentState, outcome: ProviderOutcome, source: Source): Promise<TransactionStatus | null> {
  const now = deps.now();
  const base = { trxId: outcome.trxId, providerRef: outcome.providerRef, source, detail: outcome.detail };
  let change: Transition | null = null;
  if (outcome.state === 'completed') {
    let paid = outcome.paidAmount;
    if (paid === null) {
      // A callback that does not say how much: believe it only once order-status agrees.
      const confirmed = await deps.provider.status(payment.id, payment.currency).catch(() => null);
      if (confirmed?.state !== 'completed' || confirmed.paidAmount === null) {
        await recordPaymentEvent(deps.database.db, { transactionId: payment.id, source, outcome: 'unconfirmed', detail: outcome.detail, at: now });
        return currentStatus(deps, payment.id);
      }
      paid = confirmed.paidAmount;
    }
    const paidMinor = toMinorUnits(paid, payment.currency);
    change =
      paidMinor === payment.amount
        ? { ...base, to: 'completed' }
        : { ...base, to: 'failed', reasonCode: 'amount_mismatch', detail: `paid ${paid} ${payment.currency}, expected ${toMajorUnits(payment.amount, payment.currency)}` };
  } else if (outcome.state === 'failed') {
    change = { ...base, to: 'failed', reasonCode: outcome.reasonCode ?? 'provider_error' };
  } else if (outcome.state === 'canceled') {
    change = { ...base, to: 'canceled', reasonCode: null };
  }
  if (!change) {
    if (source === 'callback') await recordPaymentEvent(deps.database.db, { transactionId: payment.id, source, outcome: 'pending', detail: outcome.detail, at: now });
    return currentStatus(deps, payment.id);
  }
  const done = await transition(deps, payment.id, change);
  if (done) return done.status;
  const status = await currentStatus(deps, payment.id);
  const late = outcome.state === 'completed' && status !== 'completed';
  if (late) deps.log.warn({ paymentId: payment.id, status, source }, 'provider reports a success for a payment that already ended: reconcile with the provider');
  await recordPaymentEvent(deps.database.db, { transactionId: payment.id, source, outcome: late ? 'late_success' : 'ignored', detail: `${outcome.detail} (already ${status})`, at: now });
  return status;
}

/** Asks the provider to cancel a payment in pending_cancel and applies the answer. */
export async function cancelAtProvider(deps: PaymentDeps, payment: PaymentState, source: Source): Promise<TransactionStatus | null> {
  if (payment.method === 'bank') {
    await transition(deps, payment.id, { to: 'canceled', reasonCode: null, source });
    return currentStatus(deps, payment.id);
  }
  let answer;
  try {
    answer = await deps.provider.cancel(payment.id);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    await recordPaymentEvent(deps.database.db, { transactionId: payment.id, source, outcome: 'provider_unavailable', detail: error.message, at: deps.now() });
    return currentStatus(deps, payment.id);
  }
  if (answer === 'canceled' || answer === 'unknown_order') {
    await transition(deps, payment.id, { to: 'canceled', reasonCode: null, source, detail: `provider ${answer}` });
    return currentStatus(deps, payment.id);
  }
  // Not cancellable: the payer got there first. The status says how it ended.
  return pollPayment(deps, payment.id, source, { cancelIfDue: false });
}

/**
 * One look at a pending payment (a scheduled poll, or staff pressing "check status now"): ask the
 * provider, apply the answer, and cancel it when its time is up. Returns the status afterwards.
 */
export async function pollPayment(deps: PaymentDeps, paymentId: string, source: Source, options: { cancelIfDue?: boolean } = {}): Promise<TransactionStatus | null> {
  const payment = await loadPaymentState(deps, paymentId);
  if (!payment || isFinal(payment.status)) return payment?.status ?? null;
  const now = deps.now();
  const timedOut = payment.timeoutAt !== null && now.getTime() >= payment.timeoutAt.getTime();

  if (payment.method === 'bank') {
    if (timedOut) await transition(deps, payment.id, { to: 'canceled', reasonCode: 'transfer_not_received', source });
    return currentStatus(deps, payment.id);
  }

  let outcome: ProviderOutcome | null;
  try {
    outcome = await deps.provider.status(payment.id, payment.currency);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    await recordPaymentEvent(deps.database.db, { transactionId: payment.id, source, outcome: 'provider_unavailable', detail: error.message, at: now });
    return payment.status;
  }
  if (outcome === null) {
    // The start never reached the provider (or it forgot the order): nothing can be paid.
    if (timedOut) await transition(deps, payment.id, { to: 'failed', reasonCode: 'provider_error', source, detail: 'the provider has no such order' });
    return currentStatus(deps, payment.id);
  }
  const status = await applyOutcome(deps, payment, outcome, source);
  if (options.cancelIfDue === false || !status || isFinal(status)) return status;
  if (status === 'pending' && timedOut) await requestCancel(deps.database.db, payment.id, 'timeout', source, now);
  const latest = await loadPaymentState(deps, payment.id);
  if (latest?.status === 'pending_cancel') return cancelAtProvider(deps, latest, source);
  return latest?.status ?? null;
}
