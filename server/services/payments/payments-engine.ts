import { and, eq, inArray } from 'drizzle-orm';
import type { CreditResult, PaymentStatusView } from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import { onlinePayments } from '../../db/schema/payments';
import { AppError, errors } from '../../lib/app-error';
import type { JobContext } from '../../jobs/job-runner';
import type { AuthUser } from '../auth/auth-user';
import { creditPayment } from './payment-credit';
import type { PaymentDeps } from './payment-deps';
import { recordPaymentEvent } from './payment-events';
import { type CreateRequest, type CreateResult, createPayment, enqueuePoll, offsetsFor } from './payment-initiation';
import {
  PAYMENT_CREDIT_QUEUE,
  PAYMENT_CREDIT_QUEUE_OPTIONS,
  PAYMENT_POLL_QUEUE,
  PAYMENT_POLL_QUEUE_OPTIONS,
  type PaymentCreditJob,
  paymentJobId,
  type PaymentPollJob,
  nextAttemptAt,
} from './payment-jobs';
import { applyOutcome, cancelAtProvider, isFinal, loadPaymentState, pollPayment, transition } from './payment-reconcile';
import { inScope } from './payment-validation';
import { statusView } from './payment-views';
import { creditReasonText } from './reason-text';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;
type Headers = Record<string, string | string[] | undefined>;

export type PaymentsEngine = {
  create(request: CreateRequest): Promise<CreateResult>;
  status(paymentId: string, t: Translate): Promise<PaymentStatusView | null>;
  /** A provider callback: 'rejected' when its signature is bad (nothing changes). */
  handleCallback(headers: Headers, body: unknown, meta: { ip: string }): Promise<'accepted' | 'rejected' | 'unknown'>;
  /** Staff "check status now". */
  check(paymentId: string, user: AuthUser, t: Translate): Promise<PaymentStatusView>;
  /** Staff cancel of a pending payment (push, checkout or transfer); the note goes to the payment's history.
   *  The route has already required push:update; this checks the payment is in the user's scope. */
  cancel(paymentId: string, user: AuthUser, t: Translate, note?: string): Promise<PaymentStatusView>;
  /** Bank staff saw the transfer arrive with this reference: the payment completes. */
  confirmTransfer(paymentId: string, user: AuthUser, input: { bankReference: string; amount: number }, t: Translate): Promise<PaymentStatusView>;
  retryCredit(paymentId: string, user: AuthUser, t: Translate): Promise<CreditResult>;
  /** At start-up: queue again the polls and credits a crash may have left without a job. */
  recoverPending(): Promise<{ polls: number; credits: number }>;
  setAppBaseUrl(url: string): void;
};

/**
 * The payments engine of one process. Its two queues are defined here, before the job runner
 * starts: `payment-poll` (the back-off schedule of status queries) and `payment-credit` (paying the
 * shares of a completed payment into the holders' accounts).
 */
export function createPaymentsEngine(input: Omit<PaymentDeps, 'appBaseUrl'> & { appBaseUrl?: string }): PaymentsEngine {
  let appBaseUrl = input.appBaseUrl ?? input.config.publicUrl ?? `http://127.0.0.1:${input.config.port}`;
  const deps: PaymentDeps = { ...input, appBaseUrl: () => appBaseUrl };

  deps.jobs.define<PaymentPollJob>(PAYMENT_POLL_QUEUE, PAYMENT_POLL_QUEUE_OPTIONS, (job) => runPoll(job));
  deps.jobs.define<PaymentCreditJob>(PAYMENT_CREDIT_QUEUE, PAYMENT_CREDIT_QUEUE_OPTIONS, async (job) => {
    await creditPayment(deps, job.data.paymentId, null);
  });

  async function runPoll(job: JobContext<PaymentPollJob>) {
    const { paymentId, attempt } = job.data;
    const payment = await loadPaymentState(deps, paymentId);
    if (!payment || isFinal(payment.status) || !payment.timeoutAt) return;
    const status = await pollPayment(deps, paymentId, 'poll');
    if (!status || isFinal(status)) return;
    const offsets = offsetsFor(deps, payment.method, (payment.timeoutAt.getTime() - payment.createdAt.getTime()) / 1000);
    if (attempt + 1 >= offsets.length) {
      // The schedule is over and the provider never gave a final answer: stop waiting.
      await transition(deps, paymentId, { to: payment.method === 'bank' ? 'canceled' : 'failed', reasonCode: payment.method === 'bank' ? 'transfer_not_received' : 'timeout', source: 'timeout', detail: `no final status after ${offsets.length} polls` });
      return;
    }
    await enqueuePoll(deps, payment, offsets, attempt + 1);
  }

  /** The payment, when it exists and the user may act on it; 404 otherwise (no hint it exists). */
  async function scoped(paymentId: string, user: AuthUser) {
    const payment = await loadPaymentState(deps, paymentId);
    if (!payment) throw errors.notFound();
    const [row] = await deps.database.db.select({ institutionId: transactions.institutionId }).from(transactions).where(eq(transactions.id, paymentId));
    if (!row || !(await inScope(deps.database.db, user, row.institutionId))) throw errors.notFound();
    return payment;
  }

  async function view(paymentId: string, t: Translate): Promise<PaymentStatusView> {
    const result = await statusView(deps.database.db, paymentId, t);
    if (!result) throw errors.notFound();
    return result;
  }

  return {
    create: (request) => createPayment(deps, request),
    status: (paymentId, t) => statusView(deps.database.db, paymentId, t),
    async handleCallback(headers, body, meta) {
      const check = deps.provider.readCallback(headers, body);
      const now = deps.now();
      const known = check.paymentId && /^[0-9a-f-]{36}$/i.test(check.paymentId) ? await loadPaymentState(deps, check.paymentId) : null;
      if (!check.ok) {
        deps.log.warn({ ip: meta.ip, why: check.why, paymentId: check.paymentId }, 'payment callback with a bad signature rejected');
        await recordPaymentEvent(deps.database.db, { transactionId: known?.id ?? null, source: 'callback', outcome: 'bad_signature', detail: `${check.why} from ${meta.ip}`, at: now });
        return 'rejected';
      }
      if (!known) {
        deps.log.warn({ paymentId: check.paymentId }, 'payment callback for an unknown payment');
        await recordPaymentEvent(deps.database.db, { transactionId: null, source: 'callback', outcome: 'unknown_payment', detail: check.paymentId.slice(0, 60), at: now });
        return 'unknown';
      }
      await applyOutcome(deps, known, check.outcome, 'callback');
      return 'accepted';
    },
    async check(paymentId, user, t) {
      await scoped(paymentId, user);
      await pollPayment(deps, paymentId, 'check');
      return view(paymentId, t);
    },
    async cancel(paymentId, user, t, note) {
      const payment = await scoped(paymentId, user);
      const now = deps.now();
      const moved = await deps.database.db
        .update(transactions)
        .set({ status: 'pending_cancel', reason: 'canceled_by_staff' })
        .where(and(eq(transactions.id, paymentId), eq(transactions.status, 'pending')))
        .returning({ id: transactions.id });
      if (moved.length === 0) throw new AppError(409, 'not_cancelable', messages.paymentsNotCancelable);
      await recordPaymentEvent(deps.database.db, { transactionId: paymentId, source: 'cancel', outcome: 'pending_cancel', detail: `by user ${user.id}${note ? `: ${note}` : ''}`, at: now });
      await cancelAtProvider(deps, { ...payment, status: 'pending_cancel' }, 'cancel');
      return view(paymentId, t);
    },
    async confirmTransfer(paymentId, user, body, t) {
      const payment = await scoped(paymentId, user);
      if (payment.method !== 'bank' || payment.status !== 'pending') throw new AppError(409, 'not_bank_transfer', messages.paymentsNotBankTransfer);
      if (body.amount !== payment.amount) throw new AppError(422, 'transfer_amount', messages.paymentsTransferAmount);
      const done = await transition(deps, paymentId, { to: 'completed', trxId: body.bankReference, source: 'transfer', detail: `confirmed by user ${user.id}` });
      if (!done) throw new AppError(409, 'not_bank_transfer', messages.paymentsNotBankTransfer);
      return view(paymentId, t);
    },
    async retryCredit(paymentId, user, t) {
      await scoped(paymentId, user);
      const [row] = await deps.database.db.select({ creditStatus: transactions.creditStatus }).from(transactions).where(eq(transactions.id, paymentId));
      if (row?.creditStatus !== 'failed') throw new AppError(409, 'no_failed_credit', messages.paymentsNoFailedCredit);
      const outcome = await creditPayment(deps, paymentId, user.id);
      if (!outcome) throw new AppError(409, 'no_failed_credit', messages.paymentsNoFailedCredit);
      const titles = new Map<number, string>();
      const match = /^no_account:(\d+):/.exec(outcome.reason ?? '');
      if (match) {
        const [institution] = await deps.database.db.select({ title: institutions.title }).from(institutions).where(eq(institutions.id, Number(match[1])));
        if (institution) titles.set(Number(match[1]), institution.title);
      }
      return { id: paymentId, creditStatus: outcome.creditStatus, reason: creditReasonText(t, outcome.reason, (id) => titles.get(id)) };
    },
    async recoverPending() {
      const db = deps.database.db;
      const now = deps.now();
      const open = await db
        .select({ id: transactions.id, method: transactions.method, createdAt: transactions.createdAt, timeoutAt: onlinePayments.timeoutAt })
        .from(transactions)
        .innerJoin(onlinePayments, eq(onlinePayments.transactionId, transactions.id))
        .where(inArray(transactions.status, ['pending', 'pending_cancel']))
        .limit(10_000);
      let polls = 0;
      for (const payment of open) {
        const offsets = offsetsFor(deps, payment.method, (payment.timeoutAt.getTime() - payment.createdAt.getTime()) / 1000);
        const attempt = nextAttemptAt(offsets, (now.getTime() - payment.createdAt.getTime()) / 1000);
        await enqueuePoll(deps, payment, offsets, attempt);
        polls++;
      }
      const uncredited = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.status, 'completed'), eq(transactions.creditStatus, 'pending')))
        .limit(10_000);
      for (const payment of uncredited) await deps.jobs.send<PaymentCreditJob>(PAYMENT_CREDIT_QUEUE, { paymentId: payment.id }, { id: paymentJobId(`credit:${payment.id}`) });
      return { polls, credits: uncredited.length };
    },
    setAppBaseUrl(url) {
      appBaseUrl = input.config.publicUrl ?? url;
    },
  };
}
