import { z } from 'zod';
import { type SelcomCredentials, signSelcom } from './selcom-signing';

/**
 * HTTP client for Selcom's Checkout API (the same code talks to the simulator in tests and in the
 * default start). Every request is signed (selcom-signing.ts). Nothing here logs request bodies:
 * they carry payers' phone numbers.
 *
 * Result codes (Selcom): 000 success; 111 and 927 in progress (query later); 999 ambiguous (wait
 * for reconciliation); anything else failed.
 */

export type SelcomErrorKind = 'auth' | 'rejected' | 'server' | 'timeout' | 'network' | 'protocol';

export class SelcomError extends Error {
  constructor(
    readonly kind: SelcomErrorKind,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'SelcomError';
  }

  /** The request may or may not have taken effect at Selcom: only a later status query can tell. */
  get ambiguous(): boolean {
    return this.kind === 'server' || this.kind === 'timeout' || this.kind === 'network' || this.kind === 'protocol';
  }
}

export const SELCOM_IN_PROGRESS_CODES: readonly string[] = ['111', '927', '999'];

const Envelope = z.object({
  reference: z.string().nullish(),
  transid: z.string().nullish(),
  resultcode: z.string(),
  result: z.string(),
  message: z.string().default(''),
  data: z.array(z.unknown()).default([]),
});
export type SelcomEnvelope = z.infer<typeof Envelope>;

const OrderData = z.object({
  gateway_buyer_uuid: z.string().nullish(),
  payment_token: z.string().nullish(),
  qr: z.string().nullish(),
  payment_gateway_url: z.string().nullish(),
});

const StatusData = z.object({
  order_id: z.string(),
  creation_date: z.string().nullish(),
  amount: z.union([z.string(), z.number()]).transform(String),
  payment_status: z.string(),
  transid: z.string().nullish(),
  channel: z.string().nullish(),
  reference: z.string().nullish(),
  phone: z.string().nullish(),
});
export type SelcomOrderStatus = {
  orderId: string;
  amount: string;
  paymentStatus: string;
  transid: string | null;
  channel: string | null;
  reference: string | null;
  phone: string | null;
};

export type CreateOrderInput = {
  orderId: string;
  buyerEmail: string;
  buyerName: string;
  /** MSISDN without "+" (255712345678). */
  buyerPhone: string;
  /** Major units as a decimal string, e.g. "15000". */
  amount: string;
  currency: string;
  webhookUrl: string;
  redirectUrl?: string;
  cancelUrl?: string;
  noOfItems: number;
  expiryMinutes?: number;
};

/**
 * The card holder's billing details. Selcom documents them as FLAT fields named `billing.firstname`,
 * `billing.lastname`, … in the order body (a nested `billing` object is not its shape, and its own
 * client signs only flat fields). Unknown parts are left out rather than invented.
 */
export type SelcomBilling = {
  firstname: string;
  lastname: string;
  address_1?: string | undefined;
  city?: string | undefined;
  state_or_region?: string | undefined;
  postcode_or_pobox?: string | undefined;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** MSISDN, digits only. */
  phone: string;
};

/** `{ firstname: 'Neema' }` → `{ 'billing.firstname': 'Neema' }`, dropping absent parts. */
export function flatBilling(billing: SelcomBilling): Record<string, string> {
  return Object.fromEntries(Object.entries(billing).filter(([, value]) => value !== undefined && value !== '').map(([key, value]) => [`billing.${key}`, String(value)]));
}

export type CreatedOrder = { envelope: SelcomEnvelope; paymentGatewayUrl: string | null; paymentToken: string | null; gatewayBuyerUuid: string | null };

export type SelcomClient = {
  /** Order for mobile-money push (and the payment page without cards). */
  createOrderMinimal(input: CreateOrderInput): Promise<CreatedOrder>;
  /** Full order for cards: the answer's payment_gateway_url is the hosted card page. */
  createCardOrder(input: CreateOrderInput & { billing: SelcomBilling }): Promise<CreatedOrder>;
  /** Puts a USSD push on the payer's phone; 111 PENDING means it is there now. */
  walletPayment(input: { transid: string; orderId: string; msisdn: string }): Promise<SelcomEnvelope>;
  /** null when Selcom has no such order. */
  orderStatus(orderId: string): Promise<SelcomOrderStatus | null>;
  cancelOrder(orderId: string): Promise<SelcomEnvelope>;
};

const b64 = (url: string) => Buffer.from(url, 'utf8').toString('base64');
const unb64 = (value: string | null | undefined) => (value ? Buffer.from(value, 'base64').toString('utf8') : null);

export function createSelcomClient(options: SelcomCredentials & { baseUrl: string; vendor: string; timeoutMs?: number; now?: () => Date }): SelcomClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? (() => new Date());

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, data: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const headers = { ...signSelcom(options, data, now()), Accept: 'application/json' };
    const query = method === 'POST' ? '' : `?${new URLSearchParams(Object.entries(data).map(([k, v]): [string, string] => [k, String(v)]))}`;
    let response: Response;
    try {
      response = await fetch(`${base}/${path}${query}`, {
        method,
        headers: method === 'POST' ? { ...headers, 'Content-Type': 'application/json' } : headers,
        ...(method === 'POST' ? { body: JSON.stringify(data) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new SelcomError('timeout', `Selcom did not answer ${path} within ${timeoutMs} ms`);
      throw new SelcomError('network', `Selcom could not be reached for ${path}: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 401 || response.status === 403) throw new SelcomError('auth', `Selcom refused the credentials or signature (${response.status})`, response.status);
    if (response.status >= 500) throw new SelcomError('server', `Selcom failed on ${path} (${response.status})`, response.status);
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      throw new SelcomError('protocol', `Selcom answered ${path} with ${response.status} and a body that is not JSON`, response.status);
    }
    return { status: response.status, body };
  }

  function envelopeOf(path: string, status: number, body: unknown): SelcomEnvelope {
    const parsed = Envelope.safeParse(body);
    if (!parsed.success) throw new SelcomError('protocol', `Selcom answered ${path} with an unexpected shape`, status);
    if (status >= 400 && status !== 404) throw new SelcomError('rejected', `Selcom rejected ${path} (${status} ${parsed.data.resultcode}): ${parsed.data.message.slice(0, 200)}`, status);
    return parsed.data;
  }

  async function createOrder(path: string, data: Record<string, unknown>): Promise<CreatedOrder> {
    const { status, body } = await call('POST', path, data);
    const envelope = envelopeOf(path, status, body);
    const first = OrderData.safeParse(envelope.data[0] ?? {});
    const order = first.success ? first.data : {};
    return {
      envelope,
      paymentGatewayUrl: unb64(order.payment_gateway_url),
      paymentToken: order.payment_token ?? null,
      gatewayBuyerUuid: order.gateway_buyer_uuid ?? null,
    };
  }

  function orderFields(input: CreateOrderInput): Record<string, unknown> {
    return {
      vendor: options.vendor,
      order_id: input.orderId,
      buyer_email: input.buyerEmail,
      buyer_name: input.buyerName,
      buyer_phone: input.buyerPhone,
      amount: input.amount,
      currency: input.currency,
      redirect_url: input.redirectUrl ? b64(input.redirectUrl) : undefined,
      cancel_url: input.cancelUrl ? b64(input.cancelUrl) : undefined,
      webhook: b64(input.webhookUrl),
      no_of_items: input.noOfItems,
      expiry: input.expiryMinutes,
    };
  }

  return {
    createOrderMinimal: (input) => createOrder('checkout/create-order-minimal', orderFields(input)),
    createCardOrder: (input) => createOrder('checkout/create-order', { ...orderFields(input), payment_methods: 'CARD', ...flatBilling(input.billing) }),
    async walletPayment(input) {
      const path = 'checkout/wallet-payment';
      const { status, body } = await call('POST', path, { transid: input.transid, order_id: input.orderId, msisdn: input.msisdn });
      return envelopeOf(path, status, body);
    },
    async orderStatus(orderId) {
      const path = 'checkout/order-status';
      const { status, body } = await call('GET', path, { order_id: orderId });
      const envelope = envelopeOf(path, status, body);
      if (status === 404) return null;
      const first = StatusData.safeParse(envelope.data[0]);
      if (!first.success) {
        if (envelope.result === 'FAIL') return null;
        throw new SelcomError('protocol', 'Selcom answered order-status without the order');
      }
      const d = first.data;
      return {
        orderId: d.order_id,
        amount: d.amount,
        paymentStatus: d.payment_status.toUpperCase(),
        transid: d.transid ?? null,
        channel: d.channel ?? null,
        reference: d.reference ?? null,
        phone: d.phone ?? null,
      };
    },
    async cancelOrder(orderId) {
      const path = 'checkout/cancel-order';
      const { status, body } = await call('DELETE', path, { order_id: orderId });
      return envelopeOf(path, status, body);
    },
  };
}
