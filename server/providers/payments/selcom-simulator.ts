import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardOutcome, type HandsetAnswer, type PushOutcome, pushOutcomeByLastDigit } from './selcom-simulator-outcomes';
import { handleCardPage } from './selcom-simulator-card';
import { type CallbackDelivery, createOrderOutcomes, createWorkTracker, type SimulatedOrder } from './selcom-simulator-core';
import { readBody, redirect, sendEnvelope, sendHtml } from './selcom-simulator-http';
import { type HandsetPush, renderHandsetPage } from './selcom-simulator-pages';
import { type SelcomCredentials, verifySelcom } from './selcom-signing';

export type { CallbackDelivery, SimulatedOrder } from './selcom-simulator-core';

/**
 * A protocol-faithful stand-in for Selcom's Checkout API on loopback: the same paths under /v1,
 * the same signed headers checked the same way, the same envelopes, and signed webhook callbacks
 * POSTed to the URL each order was created with. It keeps its orders in memory, shows pushes on
 * a "simulated handset" page, hosts a card page, and lets tests script every outcome.
 */

export type SelcomSimulator = {
  /** Base of the API, ending in /v1 (what SELCOM_BASE_URL would be). */
  baseUrl: string;
  origin: string;
  handsetUrl: string;
  /** Scripts the next push (or card payment) for this phone ('*' = any phone). Outcomes queue up in order. */
  script(phone: string, outcome: PushOutcome): void;
  /** Answers a waiting push as a person on the handset would; resolves once its callback was delivered. */
  answer(orderId: string, answer: HandsetAnswer): Promise<boolean>;
  /** Sends the order's callback again now (a provider retry); `overrides` fake a different payload. */
  resendCallback(orderId: string, options?: { badSignature?: boolean; overrides?: Record<string, string> }): Promise<number | 'error'>;
  /** The operator confirms a payment late, after the order was cancelled: a COMPLETED callback regardless. */
  sendLateSuccess(orderId: string): Promise<number | 'error'>;
  order(orderId: string): SimulatedOrder | undefined;
  orders(): SimulatedOrder[];
  callbacks(): CallbackDelivery[];
  /** Resolves once every scheduled answer and callback has run. */
  settle(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
};

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The billing fields a card order must carry (address parts are optional: not every payer has one on file). */
const CARD_BILLING_FIELDS = ['billing.firstname', 'billing.lastname', 'billing.country', 'billing.phone'];

export async function startSelcomSimulator(
  options: SelcomCredentials & {
    vendor: string;
    port?: number;
    /** Delay before an automatic answer (last digit 0, 1, 2, 4 or a script); about 2 s by default. */
    answerDelayMs?: number;
    /** Delay before a scripted late success follows the cancellation. */
    lateSuccessDelayMs?: number;
    /** The clock callbacks are signed with (their Timestamp). */
    now?: () => Date;
  },
): Promise<SelcomSimulator> {
  const answerDelay = options.answerDelayMs ?? 2000;
  const lateDelay = options.lateSuccessDelayMs ?? 1500;
  const orders = new Map<string, SimulatedOrder>();
  const byCardToken = new Map<string, SimulatedOrder>();
  const scripts = new Map<string, PushOutcome[]>();
  const deliveries: CallbackDelivery[] = [];
  let closed = false;

  const tracker = createWorkTracker();
  const { track, later, cancelTimer } = tracker;
  const { deliver, complete, apply, lateSuccess } = createOrderOutcomes(options, deliveries, () => closed, options.now ?? (() => new Date()));
  const takeScript = (phone: string) => scripts.get(digitsOf(phone))?.shift() ?? scripts.get('*')?.shift();

  function schedule(order: SimulatedOrder, outcome: PushOutcome | 'handset') {
    if (outcome === 'handset' || outcome === 'timeout') return;
    if (outcome === 'lateSuccess') {
      order.lateSuccessPending = true;
      return;
    }
    later(order.orderId, answerDelay, () => apply(order, outcome));
  }

  function createOrder(data: Record<string, unknown>, kind: 'wallet' | 'card', res: ServerResponse, origin: string) {
    const required = ['vendor', 'order_id', 'buyer_email', 'buyer_name', 'buyer_phone', 'amount', 'currency', 'no_of_items'];
    const missing = required.find((field) => data[field] === undefined || data[field] === '');
    if (missing) return sendEnvelope(res, 400, '400', 'FAIL', `Missing mandatory field ${missing}`);
    if (data.vendor !== options.vendor) return sendEnvelope(res, 400, '400', 'FAIL', 'Unknown vendor');
    const orderId = String(data.order_id);
    if (orders.has(orderId)) return sendEnvelope(res, 400, '409', 'FAIL', 'Order id already exists');
    if (!/^\d+(\.\d{1,2})?$/.test(String(data.amount)) || Number(data.amount) <= 0) return sendEnvelope(res, 400, '400', 'FAIL', 'Invalid amount');
    // Card orders carry the holder's billing details as FLAT `billing.*` fields, as Selcom documents them.
    if (kind === 'card' && data.billing !== undefined) return sendEnvelope(res, 400, '400', 'FAIL', 'Invalid field billing: send billing.firstname, billing.lastname, … as flat fields');
    const missingBilling = kind === 'card' ? CARD_BILLING_FIELDS.find((field) => typeof data[field] !== 'string' || data[field] === '') : undefined;
    if (missingBilling) return sendEnvelope(res, 400, '400', 'FAIL', `Missing mandatory field ${missingBilling}`);
    const decode = (value: unknown) => (typeof value === 'string' && value ? Buffer.from(value, 'base64').toString('utf8') : null);
    const order: SimulatedOrder = {
      orderId,
      vendor: String(data.vendor),
      kind,
      amount: String(data.amount),
      currency: String(data.currency),
      buyerPhone: digitsOf(String(data.buyer_phone)),
      buyerName: String(data.buyer_name),
      webhook: decode(data.webhook),
      redirectUrl: decode(data.redirect_url),
      cancelUrl: decode(data.cancel_url),
      reference: String(randomInt(10 ** 9, 10 ** 10)),
      createdAt: new Date(),
      status: 'PENDING',
      result: 'PENDING',
      resultcode: '111',
      message: 'Order created',
      transid: null,
      channel: null,
      paidAmount: null,
      push: null,
      cardToken: kind === 'card' ? randomBytes(18).toString('base64url') : null,
      cardLast4: null,
      lateSuccessPending: false,
      billing: kind === 'card' ? Object.fromEntries(Object.entries(data).filter(([key]) => key.startsWith('billing.')).map(([key, value]) => [key, String(value)])) : null,
    };
    orders.set(orderId, order);
    if (order.cardToken) byCardToken.set(order.cardToken, order);
    // Non-card orders have no page of their own here: the push lands on the buyer's simulated handset.
    const gateway = order.cardToken ? `${origin}/checkout/card/${order.cardToken}` : `${origin}/handset?phone=${order.buyerPhone}`;
    sendEnvelope(res, 200, '000', 'SUCCESS', 'Order creation successful', {
      reference: order.reference,
      data: [{ gateway_buyer_uuid: randomBytes(8).toString('hex'), payment_token: String(randomInt(10 ** 7, 10 ** 8)), qr: 'QR', payment_gateway_url: Buffer.from(gateway).toString('base64') }],
    });
  }

  async function walletPayment(data: Record<string, unknown>, res: ServerResponse) {
    const order = orders.get(String(data.order_id ?? ''));
    if (!order) return sendEnvelope(res, 404, '404', 'FAIL', 'Order not found');
    const msisdn = digitsOf(String(data.msisdn ?? ''));
    if (!/^255[67]\d{8}$/.test(msisdn) || !data.transid) return sendEnvelope(res, 400, '400', 'FAIL', 'Invalid msisdn or transid');
    if (order.status !== 'PENDING' || order.push) return sendEnvelope(res, 200, '409', 'FAIL', 'Order is not waiting for a push');
    const outcome = takeScript(msisdn) ?? pushOutcomeByLastDigit(msisdn);
    order.push = { msisdn, transid: String(data.transid), sentAt: new Date(), outcome };
    if (outcome === 'callbackBeforeAnswer') {
      complete(order);
      await track(deliver(order));
    } else {
      schedule(order, outcome);
    }
    sendEnvelope(res, 200, '111', 'PENDING', 'Request in progress. You will receive a callback shortly', { reference: order.reference, transid: String(data.transid) });
  }

  function orderStatus(query: URLSearchParams, res: ServerResponse) {
    const order = orders.get(query.get('order_id') ?? '');
    if (!order) return sendEnvelope(res, 404, '404', 'FAIL', 'Order not found');
    sendEnvelope(res, 200, '000', 'SUCCESS', 'Order fetch successful', {
      reference: order.reference,
      data: [
        {
          order_id: order.orderId,
          creation_date: order.createdAt.toISOString().replace('T', ' ').slice(0, 19),
          amount: order.paidAmount ?? order.amount,
          payment_status: order.status,
          transid: order.transid,
          channel: order.channel,
          reference: order.status === 'COMPLETED' ? order.reference : null,
          phone: order.push?.msisdn ?? null,
        },
      ],
    });
  }

  function cancelOrder(query: URLSearchParams, res: ServerResponse) {
    const order = orders.get(query.get('order_id') ?? '');
    if (!order) return sendEnvelope(res, 404, '404', 'FAIL', 'Order not found');
    if (order.status === 'CANCELLED') return sendEnvelope(res, 200, '000', 'SUCCESS', 'Order cancellation successful', { reference: order.reference });
    if (order.status !== 'PENDING') return sendEnvelope(res, 200, '409', 'FAIL', `Order is ${order.status.toLowerCase()} and cannot be cancelled`, { reference: order.reference });
    cancelTimer(order.orderId);
    order.status = 'CANCELLED';
    order.result = 'FAIL';
    order.resultcode = '000';
    order.message = 'Order cancelled';
    sendEnvelope(res, 200, '000', 'SUCCESS', 'Order cancellation successful', { reference: order.reference });
    if (order.lateSuccessPending) {
      order.lateSuccessPending = false;
      later(order.orderId, lateDelay, () => lateSuccess(order));
    }
  }

  function handsetView(order: SimulatedOrder): HandsetPush {
    const outcome = order.push?.outcome ?? 'handset';
    return {
      orderId: order.orderId,
      vendor: order.vendor,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      sentAt: order.push?.sentAt.toISOString().slice(0, 19).replace('T', ' ') ?? '',
      automatic: outcome === 'handset' ? 'waits for you' : outcome,
    };
  }

  async function handset(req: IncomingMessage, url: URL, res: ServerResponse) {
    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req, 4096));
      const order = orders.get(form.get('order_id') ?? '');
      const answer = form.get('answer');
      if (order && (answer === 'accept' || answer === 'refuse')) await answerPush(order, answer);
      return redirect(res, `/handset?phone=${encodeURIComponent(digitsOf(form.get('phone') ?? ''))}`);
    }
    const phone = digitsOf(url.searchParams.get('phone') ?? '') || null;
    const withPush = [...orders.values()].filter((o) => o.push);
    const mine = phone ? withPush.filter((o) => o.push?.msisdn === phone).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()) : [];
    sendHtml(
      res,
      200,
      renderHandsetPage({
        phone,
        pending: mine.filter((o) => o.status === 'PENDING').map(handsetView),
        recent: mine.slice(0, 15).map(handsetView),
        phonesWithPushes: [...new Set(withPush.filter((o) => o.status === 'PENDING').map((o) => o.push?.msisdn ?? ''))].sort(),
      }),
    );
  }

  async function answerPush(order: SimulatedOrder, answer: HandsetAnswer): Promise<boolean> {
    if (order.status !== 'PENDING' || !order.push) return false;
    cancelTimer(order.orderId);
    await track(apply(order, answer));
    return true;
  }

  const server = createServer((req, res) => {
    void route(req, res).catch(() => {
      if (!res.headersSent) sendEnvelope(res, 500, '500', 'FAIL', 'Internal Server Error');
      else res.destroy();
    });
  });
  let origin = '';

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (path === '/handset' || path === '/handset/answer' || path === '/') return handset(req, url, res);
    if (path.startsWith('/checkout/card/')) {
      return handleCardPage(req, res, path, {
        find: (token) => byCardToken.get(token),
        pay: (order, cardNumber) => {
          order.cardLast4 = cardNumber.slice(-4);
          return track(apply(order, takeScript(order.buyerPhone) ?? cardOutcome(cardNumber)));
        },
        cancel: async (order) => {
          order.status = 'CANCELLED';
          order.result = 'FAIL';
          order.resultcode = '000';
          order.message = 'Cancelled by the buyer';
          await track(deliver(order));
        },
      });
    }
    if (!path.startsWith('/v1/')) return sendEnvelope(res, 404, '404', 'FAIL', 'Not Found');
    const endpoint = `${req.method} ${path.slice(4)}`;
    const known = ['POST checkout/create-order-minimal', 'POST checkout/create-order', 'POST checkout/wallet-payment', 'GET checkout/order-status', 'DELETE checkout/cancel-order'];
    if (!known.includes(endpoint)) return sendEnvelope(res, 404, '404', 'FAIL', 'Not Found');
    let data: Record<string, unknown>;
    if (req.method === 'POST') {
      try {
        const parsed = JSON.parse(await readBody(req)) as unknown;
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        data = parsed as Record<string, unknown>;
      } catch {
        return sendEnvelope(res, 400, '400', 'FAIL', 'Request body must be a JSON object');
      }
    } else {
      data = Object.fromEntries(url.searchParams);
    }
    if (!verifySelcom(options, req.headers, data).ok) return sendEnvelope(res, 401, '401', 'FAIL', 'Invalid authorization or digest');
    switch (endpoint) {
      case 'POST checkout/create-order-minimal':
        return createOrder(data, 'wallet', res, origin);
      case 'POST checkout/create-order':
        return createOrder(data, 'card', res, origin);
      case 'POST checkout/wallet-payment':
        return walletPayment(data, res);
      case 'GET checkout/order-status':
        return orderStatus(url.searchParams, res);
      default:
        return cancelOrder(url.searchParams, res);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${origin}/v1`,
    origin,
    handsetUrl: `${origin}/handset`,
    script(phone, outcome) {
      const key = phone === '*' ? '*' : digitsOf(phone);
      scripts.set(key, [...(scripts.get(key) ?? []), outcome]);
    },
    answer: async (orderId, answer) => {
      const order = orders.get(orderId);
      return order ? answerPush(order, answer) : false;
    },
    resendCallback: async (orderId, opts) => {
      const order = orders.get(orderId);
      return order ? track(deliver(order, opts)) : 'error';
    },
    sendLateSuccess: async (orderId) => {
      const order = orders.get(orderId);
      return order ? track(lateSuccess(order)) : 'error';
    },
    order: (orderId) => orders.get(orderId),
    orders: () => [...orders.values()],
    callbacks: () => [...deliveries],
    settle: () => tracker.settle(),
    reset() {
      tracker.cancelAll();
      orders.clear();
      byCardToken.clear();
      scripts.clear();
      deliveries.length = 0;
    },
    async close() {
      closed = true;
      tracker.cancelAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
