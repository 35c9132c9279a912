import { randomBytes, randomInt } from 'node:crypto';
import { channelOf, type PushOutcome, SIMULATED_FAILURES } from './selcom-simulator-outcomes';
import { type SelcomCredentials, signSelcom } from './selcom-signing';

/**
 * The Selcom simulator's inner workings, apart from its HTTP surface: the order record, what each
 * outcome does to it and which signed callbacks it sends, and the bookkeeping of pending timers and
 * deliveries that lets `settle()` wait for all of them.
 */

export type SimulatedOrder = {
  orderId: string;
  vendor: string;
  kind: 'wallet' | 'card';
  amount: string;
  currency: string;
  buyerPhone: string;
  buyerName: string;
  webhook: string | null;
  redirectUrl: string | null;
  cancelUrl: string | null;
  reference: string;
  createdAt: Date;
  status: 'PENDING' | 'COMPLETED' | 'REJECTED' | 'CANCELLED';
  result: string;
  resultcode: string;
  message: string;
  /** The operator's (or card network's) transaction id once paid. */
  transid: string | null;
  channel: string | null;
  paidAmount: string | null;
  push: { msisdn: string; transid: string; sentAt: Date; outcome: PushOutcome | 'handset' } | null;
  cardToken: string | null;
  cardLast4: string | null;
  lateSuccessPending: boolean;
  /** Card orders: the flat `billing.*` fields as received. */
  billing: Record<string, string> | null;
};

export type CallbackDelivery = { orderId: string; paymentStatus: string; badSignature: boolean; answeredWith: number | 'error' };

/** Timers (one per order) and in-flight work, so tests can wait until the simulator is quiet. */
export function createWorkTracker() {
  const timers = new Map<string, { timer: NodeJS.Timeout; release: () => void }>();
  const work = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    work.add(promise);
    void promise.finally(() => work.delete(promise)).catch(() => undefined);
    return promise;
  };
  /** One pending timer per order; cancelling it still releases settle(). */
  const later = (orderId: string, ms: number, run: () => Promise<unknown>) => {
    let release!: () => void;
    track(new Promise<void>((resolve) => (release = resolve)));
    const timer = setTimeout(() => {
      timers.delete(orderId);
      void track(run().catch(() => undefined)).finally(release);
    }, ms);
    timers.set(orderId, { timer, release });
  };
  const cancelTimer = (orderId: string) => {
    const pending = timers.get(orderId);
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.release();
    timers.delete(orderId);
  };
  return {
    track,
    later,
    cancelTimer,
    cancelAll() {
      for (const orderId of [...timers.keys()]) cancelTimer(orderId);
    },
    async settle() {
      while (work.size > 0) await Promise.allSettled([...work]);
    },
  };
}

/** How orders end and which callbacks that sends (signed with the shared key and secret, like Selcom's). */
export function createOrderOutcomes(credentials: SelcomCredentials, deliveries: CallbackDelivery[], isClosed: () => boolean, now: () => Date) {
  function callbackBody(order: SimulatedOrder): Record<string, string> {
    const body: Record<string, string> = {
      order_id: order.orderId,
      reference: order.reference,
      result: order.result,
      resultcode: order.resultcode,
      payment_status: order.status,
      amount: order.paidAmount ?? order.amount,
      currency: order.currency,
    };
    if (order.transid) body.transid = order.transid;
    if (order.channel) body.channel = order.channel;
    return body;
  }

  async function deliver(order: SimulatedOrder, opts: { badSignature?: boolean; overrides?: Record<string, string> } = {}): Promise<number | 'error'> {
    if (!order.webhook || isClosed()) return 'error';
    const body = { ...callbackBody(order), ...opts.overrides };
    const headers: Record<string, string> = { ...signSelcom(credentials, body, now()), 'Content-Type': 'application/json' };
    if (opts.badSignature) headers.Digest = Buffer.from(randomBytes(32)).toString('base64');
    let answeredWith: number | 'error';
    try {
      const response = await fetch(order.webhook, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      answeredWith = response.status;
    } catch {
      answeredWith = 'error';
    }
    deliveries.push({ orderId: order.orderId, paymentStatus: body.payment_status ?? order.status, badSignature: opts.badSignature ?? false, answeredWith });
    return answeredWith;
  }

  function complete(order: SimulatedOrder, paidAmount?: string) {
    order.status = 'COMPLETED';
    order.result = 'SUCCESS';
    order.resultcode = '000';
    order.message = 'Payment completed';
    order.paidAmount = paidAmount ?? order.amount;
    order.channel = order.kind === 'card' ? 'CARD' : channelOf(order.push?.msisdn ?? order.buyerPhone);
    order.transid = `${order.kind === 'card' ? 'CRD' : order.channel.slice(0, 2)}${randomInt(10 ** 9, 10 ** 10)}`;
  }

  function reject(order: SimulatedOrder, failure: { resultcode: string; message: string }) {
    order.status = 'REJECTED';
    order.result = 'FAIL';
    order.resultcode = failure.resultcode;
    order.message = failure.message;
  }

  /** Applies an outcome to a pending order and sends whatever callback(s) it implies. */
  async function apply(order: SimulatedOrder, outcome: PushOutcome): Promise<void> {
    if (order.status !== 'PENDING') return;
    switch (outcome) {
      case 'timeout':
        return;
      case 'lateSuccess':
        order.lateSuccessPending = true;
        return;
      case 'refuse':
        reject(order, order.kind === 'card' ? SIMULATED_FAILURES.cardDeclined : SIMULATED_FAILURES.refusedOnPhone);
        await deliver(order);
        return;
      case 'insufficientFunds':
        reject(order, SIMULATED_FAILURES.insufficientFunds);
        await deliver(order);
        return;
      case 'lostCallback':
        complete(order);
        return;
      case 'duplicateCallback':
        complete(order);
        await Promise.all([deliver(order), deliver(order)]);
        return;
      case 'wrongAmount':
        complete(order, String(Math.max(1, Math.round(Number(order.amount) / 2))));
        await deliver(order);
        return;
      case 'badSignature':
        complete(order);
        await deliver(order, { badSignature: true });
        return;
      default:
        complete(order);
        await deliver(order);
    }
  }

  /** The operator's confirmation arriving after the order was cancelled: the callback says COMPLETED, the order stays cancelled. */
  async function lateSuccess(order: SimulatedOrder): Promise<number | 'error'> {
    const channel = channelOf(order.push?.msisdn ?? order.buyerPhone);
    return deliver(order, {
      overrides: { result: 'SUCCESS', resultcode: '000', payment_status: 'COMPLETED', transid: `${channel.slice(0, 2)}${randomInt(10 ** 9, 10 ** 10)}`, channel },
    });
  }

  return { deliver, complete, reject, apply, lateSuccess };
}
