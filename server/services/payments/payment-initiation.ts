import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaymentCreated, PaymentInput } from '../../../domain/api/payments';
import { messages } from '../../../domain/messages';
import { paths } from '../../../domain/paths';
import { transactionLines, transactions } from '../../db/schema/money';
import { onlinePayments } from '../../db/schema/payments';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { ProviderUnavailable, type StartResult } from '../../providers/payments/payment-provider';
import type { AuthUser } from '../auth/auth-user';
import { claimKey, decide, findKey, paymentRequestHash, storeResponse } from './idempotency';
import { recordPaymentEvent } from './payment-events';
import { paymentFee } from './payment-fees';
import type { PaymentDeps } from './payment-deps';
import { PAYMENT_POLL_QUEUE, type PaymentPollJob, paymentJobId, pollOffsets } from './payment-jobs';
import { transition } from './payment-reconcile';
import { type ResolvedPayment, resolvePayment } from './payment-validation';
import { createdView } from './payment-views';
import { claimPushToPhone, claimRateLimit } from './rate-limit';

export const SELCOM_CALLBACK_PATH = '/api/callbacks/selcom';
type ValidInput = Omit<PaymentInput, 'memberId'> & { memberId?: number | undefined };
export type CreateRequest = { input: ValidInput; key: string; actor: AuthUser | null; ip: string };
export type CreateResult = { statusCode: number; body: PaymentCreated; replayed: boolean };

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** "SDK" + 8 random Crockford base-32 characters: short enough to quote on a bank transfer, no I/L/O/U to misread. */
export function newReferenceNo(): string {
  return `SDK${Array.from({ length: 8 }, () => CROCKFORD[randomInt(32)]).join('')}`;
}

/** Seconds after the start when an online payment is given up if still not final. */
function timeoutSecondsOf(deps: PaymentDeps, method: string): number {
  const p = deps.config.payments;
  if (method === 'bank') return p.transferDays * 86_400;
  return method === 'card' ? p.cardTimeoutSeconds : p.pushTimeoutSeconds;
}

/** The polls of one payment: the schedule plus its timeout; a bank transfer is only looked at when it expires. */
export function offsetsFor(deps: Pick<PaymentDeps, 'pollScheduleSeconds' | 'config'>, method: string, timeoutSeconds: number): number[] {
  return method === 'bank' ? [timeoutSeconds] : pollOffsets(deps.pollScheduleSeconds, timeoutSeconds);
}

export async function enqueuePoll(deps: PaymentDeps, payment: { id: string; createdAt: Date }, offsets: readonly number[], attempt: number): Promise<void> {
  const offset = offsets[attempt];
  if (offset === undefined) return;
  const startAfter = Math.max(0, Math.ceil((payment.createdAt.getTime() + offset * 1000 - deps.now().getTime()) / 1000));
  await deps.jobs.send<PaymentPollJob>(PAYMENT_POLL_QUEUE, { paymentId: payment.id, attempt }, { id: paymentJobId(`poll:${payment.id}:${attempt}`), startAfter });
}

async function fromStoredKey(deps: PaymentDeps, key: string, hash: string): Promise<CreateResult | null> {
  const stored = await findKey(deps.database.db, key);
  if (!stored) return null;
  const decision = decide<PaymentCreated>(stored, hash, deps.now());
  if (decision.kind === 'replay') return { statusCode: decision.statusCode, body: decision.body, replayed: true };
  if (decision.kind === 'mismatch') throw new AppError(422, 'idempotency_key_reused', messages.paymentsIdempotencyKeyReused);
  if (decision.kind === 'in_flight') throw new AppError(409, 'idempotency_in_flight', messages.paymentsIdempotencyInFlight);
  // Abandoned by a crash between the write and the answer: the payment row says what happened.
  const [row] = await deps.database.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.idempotencyKey, key));
  const body = row ? await createdView(deps.database.db, row.id) : null;
  if (!body) throw new AppError(409, 'idempotency_in_flight', messages.paymentsIdempotencyInFlight);
  await storeResponse(deps.database.db, key, 201, body);
  return { statusCode: 201, body, replayed: true };
}

async function enforceRateLimits(deps: PaymentDeps, request: CreateRequest) {
  const db = deps.database.db;
  const now = deps.now();
  const { ratePerIp, ratePerPhone } = deps.config.payments;
  // Staff at a desk share one address; they are signed in, so only the public is limited by address.
  if (!request.actor) {
    const verdict = await claimRateLimit(db, { key: `pay:ip:${request.ip}`, limit: ratePerIp, windowMs: 60_000, now });
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
  }
  await claimPushToPhone(db, request.input.phone, ratePerPhone, now);
}

/**
 * POST /payments: validate, claim the idempotency key together with the payment row, start the push
 * or checkout at the provider, store and return the answer. A provider that does not answer leaves
 * the payment pending; the status polls (queued before the provider is called) settle it.
 */
export async function createPayment(deps: PaymentDeps, request: CreateRequest): Promise<CreateResult> {
  const hash = paymentRequestHash(request.input, request.actor?.id ?? null);
  const earlier = await fromStoredKey(deps, request.key, hash);
  if (earlier) return earlier;

  const resolved = await resolvePayment(deps.database.db, request.input, request.actor);
  await enforceRateLimits(deps, request);

  const now = deps.now();
  const { input } = request;
  const id = randomUUID();
  const fee = paymentFee(resolved.amount, input.method, deps.config.payments);
  const timeoutSeconds = timeoutSecondsOf(deps, input.method);
  const claimed = await deps.database.db.transaction(async (tx) => {
    if (!(await claimKey(tx, request.key, hash, now))) return null;
    let referenceNo = '';
    for (let attempt = 0; attempt < 5 && !referenceNo; attempt++) {
      const candidate = newReferenceNo();
      const rows = await tx
        .insert(transactions)
        .values({
          id,
          idempotencyKey: request.key,
          requestHash: hash,
          institutionId: resolved.institution.id,
          memberId: resolved.member?.id ?? null,
          payerName: resolved.member?.name ?? null,
          payerPhone: input.phone,
          method: input.method,
          operator: resolved.operator,
          status: 'pending',
          amount: resolved.amount,
          currency: input.currency,
          fee,
          referenceNo: candidate,
          receivedAt: now,
          createdBy: request.actor?.id ?? null,
          createdAt: now,
        })
        .onConflictDoNothing({ target: transactions.referenceNo })
        .returning({ id: transactions.id });
      if (rows.length > 0) referenceNo = candidate;
    }
    if (!referenceNo) throw new Error('no free payment reference after 5 tries');
    await tx.insert(transactionLines).values(
      input.lines.map((line, index) => ({
        transactionId: id,
        offeringTypeId: line.offeringTypeId,
        amount: line.amount,
        pledgeId: resolved.pledge?.lineIndex === index ? resolved.pledge.id : null,
      })),
    );
    await tx.insert(onlinePayments).values({
      transactionId: id,
      provider: input.method === 'bank' ? 'bank' : deps.provider.name,
      bankAccountId: resolved.bankAccountId,
      timeoutAt: new Date(now.getTime() + timeoutSeconds * 1000),
      startedAt: now,
    });
    await recordPaymentEvent(tx, { transactionId: id, source: 'start', outcome: 'created', detail: `${input.method}${request.actor ? ` by user ${request.actor.id}` : ''}`, at: now });
    return { referenceNo };
  });
  if (!claimed) {
    // Another request claimed the key between our look and our write.
    const other = await fromStoredKey(deps, request.key, hash);
    if (other) return other;
    throw new AppError(409, 'idempotency_in_flight', messages.paymentsIdempotencyInFlight);
  }

  try {
    await enqueuePoll(deps, { id, createdAt: now }, offsetsFor(deps, input.method, timeoutSeconds), 0);
  } catch (error) {
    deps.log.error({ err: error, paymentId: id }, 'first status poll could not be queued; recoverPending() will');
  }
  if (input.method !== 'bank') await start(deps, { id, referenceNo: claimed.referenceNo, input, resolved });

  const body = await createdView(deps.database.db, id);
  if (!body) throw new Error(`payment ${id} vanished after it was written`);
  await storeResponse(deps.database.db, request.key, 201, body);
  return { statusCode: 201, body, replayed: false };
}

async function start(deps: PaymentDeps, payment: { id: string; referenceNo: string; input: ValidInput; resolved: ResolvedPayment }) {
  const { input, resolved } = payment;
  const base = deps.appBaseUrl().replace(/\/+$/, '');
  const startInput = {
    paymentId: payment.id,
    referenceNo: payment.referenceNo,
    amount: resolved.amount,
    currency: input.currency,
    phone: input.phone,
    payerName: resolved.member?.name ?? 'Sadaka giver',
    payerEmail: resolved.member?.email ?? null,
    payer: resolved.member
      ? { firstName: resolved.member.firstName, lastName: resolved.member.lastName, addressLine: resolved.member.addressLine, city: resolved.member.city, country: resolved.member.country }
      : null,
    webhookUrl: `${base}${SELCOM_CALLBACK_PATH}`,
    returnUrl: `${base}${paths.giveOfferings}?payment=${payment.id}`,
    lineCount: input.lines.length,
  };
  let result: StartResult;
  try {
    result = input.method === 'card' ? await deps.provider.startCardCheckout(startInput) : await deps.provider.startMobilePush(startInput);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (!(error instanceof ProviderUnavailable)) deps.log.error({ err: error, paymentId: payment.id }, 'payment start failed unexpectedly; polls will settle it');
    await recordPaymentEvent(deps.database.db, { transactionId: payment.id, source: 'start', outcome: 'provider_unavailable', detail, at: deps.now() });
    return;
  }
  if (result.kind === 'rejected') {
    await transition(deps, payment.id, { to: 'failed', reasonCode: result.reasonCode, source: 'start', detail: result.detail });
    return;
  }
  const db = deps.database.db;
  if (result.providerRef) await db.update(transactions).set({ providerRef: result.providerRef }).where(eq(transactions.id, payment.id));
  if (result.checkoutUrl) await db.update(onlinePayments).set({ checkoutUrl: result.checkoutUrl }).where(eq(onlinePayments.transactionId, payment.id));
  await recordPaymentEvent(db, { transactionId: payment.id, source: 'start', outcome: input.method === 'card' ? 'checkout_opened' : 'push_sent', detail: result.providerRef, at: deps.now() });
}
