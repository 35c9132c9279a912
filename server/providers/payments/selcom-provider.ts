import type { PaymentReasonCode } from '../../../domain/api/payments';
import { toMajorUnits } from './major-units';
import type { CancelResult, CallbackCheck, PaymentProvider, ProviderOutcome, StartInput, StartResult } from './payment-provider';
import { ProviderUnavailable } from './payment-provider';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { SELCOM_IN_PROGRESS_CODES, type SelcomBilling, type SelcomClient, SelcomError } from './selcom-client';
import { type SelcomCredentials, verifySelcom } from './selcom-signing';

/**
 * The payments engine's provider interface, spoken to Selcom. Selcom amounts are major units
 * ("15000" TZS); ours are minor units, converted here with integer arithmetic only.
 */

function stateOf(paymentStatus: string): ProviderOutcome['state'] {
  const status = paymentStatus.toUpperCase();
  if (status === 'COMPLETED' || status === 'SUCCESS') return 'completed';
  if (['CANCELLED', 'CANCELED', 'EXPIRED'].includes(status)) return 'canceled';
  if (['REJECTED', 'FAILED', 'FAIL', 'USERCANCELED', 'USER_CANCELLED', 'DECLINED'].includes(status)) return 'failed';
  // PENDING, INPROGRESS and anything we do not know: not final, keep asking.
  return 'pending';
}

function reasonOf(resultcode: string | null | undefined, paymentStatus: string): PaymentReasonCode {
  if (resultcode === '051') return 'insufficient_funds';
  if (resultcode === '057' || paymentStatus.toUpperCase().startsWith('USER')) return 'refused';
  if (resultcode === '005') return 'declined';
  if (resultcode === '068') return 'timeout';
  return 'provider_error';
}

const msisdnOf = (e164: string) => e164.replace(/^\+/, '');

/**
 * The payer's own billing details: a member's name, address and country from the member record;
 * for a guest (the giving page asks only for a phone) the country the phone number belongs to, and
 * no address rather than an invented one.
 */
export function billingOf(input: Pick<StartInput, 'payer' | 'payerName' | 'phone'>): SelcomBilling {
  const phoneCountry = parsePhoneNumberFromString(input.phone)?.country;
  const [first = input.payerName, ...rest] = input.payerName.split(' ');
  return {
    firstname: input.payer?.firstName ?? first,
    lastname: input.payer?.lastName ?? (rest.join(' ') || first),
    address_1: input.payer?.addressLine ?? undefined,
    city: input.payer?.city ?? undefined,
    country: input.payer?.country ?? phoneCountry ?? 'TZ',
    phone: msisdnOf(input.phone),
  };
}

/**
 * A callback is accepted only when its Timestamp is at most 15 minutes old (and at most 5 minutes
 * ahead, for clock skew): Selcom signs each delivery afresh, so an older one is a replay. A late
 * or lost callback costs nothing: the order-status polls settle the payment anyway (ADR 017).
 */
export const CALLBACK_WINDOW = { maxAgeMs: 15 * 60_000, maxAheadMs: 5 * 60_000 };

export function createSelcomProvider(options: { client: SelcomClient; credentials: SelcomCredentials; defaultBuyerEmail: string; now: () => Date }): PaymentProvider {
  const { client } = options;

  /** Definite refusals become 'rejected'; anything that may or may not have happened is thrown. */
  async function guarded(run: () => Promise<StartResult>): Promise<StartResult> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof SelcomError && !error.ambiguous) return { kind: 'rejected', reasonCode: 'provider_error', detail: error.message };
      throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
    }
  }

  const orderInput = (input: StartInput) => ({
    orderId: input.paymentId,
    buyerEmail: input.payerEmail ?? options.defaultBuyerEmail,
    buyerName: input.payerName,
    buyerPhone: msisdnOf(input.phone),
    amount: toMajorUnits(input.amount, input.currency),
    currency: input.currency,
    webhookUrl: input.webhookUrl,
    noOfItems: input.lineCount,
  });

  return {
    name: 'selcom',
    startMobilePush: (input) =>
      guarded(async () => {
        const order = await client.createOrderMinimal(orderInput(input));
        if (order.envelope.resultcode !== '000') return { kind: 'rejected', reasonCode: 'provider_error', detail: `create-order ${order.envelope.resultcode}: ${order.envelope.message}` };
        const push = await client.walletPayment({ transid: input.referenceNo, orderId: input.paymentId, msisdn: msisdnOf(input.phone) });
        if (push.resultcode === '000' || SELCOM_IN_PROGRESS_CODES.includes(push.resultcode)) {
          return { kind: 'started', providerRef: push.reference ?? order.envelope.reference ?? null, checkoutUrl: null };
        }
        return { kind: 'rejected', reasonCode: reasonOf(push.resultcode, push.result), detail: `wallet-payment ${push.resultcode}: ${push.message}` };
      }),
    startCardCheckout: (input) =>
      guarded(async () => {
        const order = await client.createCardOrder({ ...orderInput(input), redirectUrl: input.returnUrl, cancelUrl: input.returnUrl, billing: billingOf(input) });
        if (order.envelope.resultcode !== '000' || !order.paymentGatewayUrl) {
          return { kind: 'rejected', reasonCode: 'provider_error', detail: `create-order ${order.envelope.resultcode}: ${order.envelope.message}` };
        }
        return { kind: 'started', providerRef: order.envelope.reference ?? null, checkoutUrl: order.paymentGatewayUrl };
      }),
    async status(paymentId) {
      let order;
      try {
        order = await client.orderStatus(paymentId);
      } catch (error) {
        throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
      }
      if (!order) return null;
      const state = stateOf(order.paymentStatus);
      return {
        state,
        reasonCode: state === 'failed' ? reasonOf(null, order.paymentStatus) : undefined,
        paidAmount: order.amount,
        trxId: order.transid,
        providerRef: order.reference,
        detail: `order-status ${order.paymentStatus}`,
      };
    },
    async cancel(paymentId): Promise<CancelResult> {
      let envelope;
      try {
        envelope = await client.cancelOrder(paymentId);
      } catch (error) {
        throw new ProviderUnavailable(error instanceof Error ? error.message : String(error));
      }
      if (envelope.resultcode === '000') return 'canceled';
      if (envelope.resultcode === '404') return 'unknown_order';
      return 'not_cancelable';
    },
    readCallback(headers, body): CallbackCheck {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, why: 'not_an_object', paymentId: null };
      const data = body as Record<string, unknown>;
      const paymentId = typeof data.order_id === 'string' ? data.order_id : null;
      const check = verifySelcom(options.credentials, headers, data, { now: options.now(), ...CALLBACK_WINDOW });
      if (!check.ok) return { ok: false, why: check.why, paymentId };
      // Only what the signature covers is read: an unsigned extra field is ignored, never trusted.
      const str = (key: string) => check.signed.get(key) ?? null;
      const paymentStatus = str('payment_status');
      if (!paymentId || str('order_id') !== paymentId || !paymentStatus) return { ok: false, why: 'missing_fields', paymentId };
      const state = stateOf(paymentStatus);
      return {
        ok: true,
        paymentId,
        outcome: {
          state,
          reasonCode: state === 'failed' ? reasonOf(str('resultcode'), paymentStatus) : undefined,
          paidAmount: str('amount'),
          trxId: str('transid'),
          providerRef: str('reference'),
          detail: `callback ${paymentStatus} ${str('resultcode') ?? ''} ${str('result') ?? ''}`.trim(),
        },
      };
    },
  };
}
