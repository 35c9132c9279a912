import type { IncomingMessage, ServerResponse } from 'node:http';
import { isValidCardExpiry, isValidCardNumber, normalizeCardNumber, parseCardExpiry } from '../../../domain/card';
import { readBody, redirect, sendHtml } from './selcom-simulator-http';
import { renderCardPage, renderCardResult } from './selcom-simulator-pages';
import type { SimulatedOrder } from './selcom-simulator-core';

type CardActions = {
  find: (token: string) => SimulatedOrder | undefined;
  /** Runs the outcome for this card (script or last digit) and its callback. */
  pay: (order: SimulatedOrder, cardNumber: string) => Promise<void>;
  cancel: (order: SimulatedOrder) => Promise<void>;
};

/**
 * The hosted card page of the simulated gateway: GET shows the form, POST takes the card, checks
 * it (Luhn and expiry, the same rules as domain/card.ts), runs the outcome and sends the callback,
 * then returns the buyer to the merchant. The card number is never stored or logged: only its last
 * four digits stay on the order.
 */
export async function handleCardPage(req: IncomingMessage, res: ServerResponse, path: string, actions: CardActions): Promise<void> {
  const [, , , token = '', action] = path.split('/');
  const order = actions.find(decodeURIComponent(token));
  if (!order) return sendHtml(res, 404, renderCardResult({ approved: false, message: 'This payment page does not exist or has expired.', returnUrl: null }));
  const view = { token: decodeURIComponent(token), vendor: order.vendor, amount: order.amount, currency: order.currency };

  if (req.method === 'GET' && !action) return sendHtml(res, 200, renderCardPage({ ...view, status: order.status, errors: [] }));
  if (req.method !== 'POST') return sendHtml(res, 405, renderCardResult({ approved: false, message: 'Method not allowed.', returnUrl: null }));

  const form = new URLSearchParams(await readBody(req, 4096));
  if (action === 'cancel') {
    if (order.status === 'PENDING') await actions.cancel(order);
    return order.cancelUrl ?? order.redirectUrl ? redirect(res, (order.cancelUrl ?? order.redirectUrl) as string) : sendHtml(res, 200, renderCardResult({ approved: false, message: 'Payment cancelled.', returnUrl: null }));
  }
  if (order.status !== 'PENDING') return sendHtml(res, 409, renderCardPage({ ...view, status: order.status, errors: [] }));

  const errors: string[] = [];
  const digits = normalizeCardNumber(form.get('card_number') ?? '');
  if (!digits || !isValidCardNumber(digits)) errors.push('Invalid card number');
  if (!isValidCardExpiry(parseCardExpiry(form.get('expiry') ?? ''), new Date())) errors.push('Invalid card expiration time');
  if (!/^\d{3,4}$/.test(form.get('cvv') ?? '')) errors.push('Invalid security code');
  if (errors.length > 0 || !digits) return sendHtml(res, 422, renderCardPage({ ...view, status: order.status, errors, holder: form.get('holder') ?? '' }));

  await actions.pay(order, digits);
  // pay() moved the order on; read its status afresh (TypeScript still thinks it is PENDING).
  const approved = (order.status as SimulatedOrder['status']) === 'COMPLETED';
  if (order.redirectUrl) return redirect(res, order.redirectUrl);
  sendHtml(res, 200, renderCardResult({ approved, message: approved ? 'Thank you.' : order.message, returnUrl: null }));
}
