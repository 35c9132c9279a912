import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSelcomClient, SelcomError } from '../../server/providers/payments/selcom-client';
import { type SelcomSimulator, startSelcomSimulator } from '../../server/providers/payments/selcom-simulator';
import { signSelcom, verifySelcom } from '../../server/providers/payments/selcom-signing';

/** The real Selcom client against the simulator over loopback HTTP, and the simulator's signed callbacks; no database. */
const creds = { apiKey: 'test-selcom-key', apiSecret: 'test-selcom-secret' };
type Received = { body: Record<string, string>; headers: IncomingHttpHeaders; at: number };

describe('Selcom request signing', () => {
  const at = new Date('2026-02-26T06:30:46Z');
  it('signs "timestamp=…&field=value…" with HMAC-SHA256 in the order of Signed-Fields, timestamp in EAT', () => {
    const headers = signSelcom(creds, { order_id: 'A1', amount: '5000', billing: { firstname: 'Neema' } }, at);
    expect(headers.Timestamp).toBe('2026-02-26T09:30:46+03:00');
    expect(headers['Signed-Fields']).toBe('order_id,amount,billing.firstname');
    expect(headers.Authorization).toBe(`SELCOM ${Buffer.from('test-selcom-key').toString('base64')}`);
    expect(headers['Digest-Method']).toBe('HS256');
    expect(verifySelcom(creds, headers, { order_id: 'A1', amount: '5000', billing: { firstname: 'Neema' } })).toMatchObject({ ok: true });
  });

  it('rejects a changed value, a missing signed field, another key or secret, and missing headers', () => {
    const data = { order_id: 'A1', amount: '5000' };
    const headers = signSelcom(creds, data, at);
    expect(verifySelcom(creds, headers, { ...data, amount: '50000' })).toEqual({ ok: false, why: 'digest' });
    expect(verifySelcom(creds, headers, { order_id: 'A1' })).toEqual({ ok: false, why: 'unsigned_field' });
    expect(verifySelcom(creds, { ...headers, 'Signed-Fields': 'order_id,order_id,amount' }, data)).toEqual({ ok: false, why: 'unsigned_field' });
    expect(verifySelcom({ ...creds, apiKey: 'other' }, headers, data)).toEqual({ ok: false, why: 'authorization' });
    expect(verifySelcom({ ...creds, apiSecret: 'other' }, headers, data)).toEqual({ ok: false, why: 'digest' });
    expect(verifySelcom(creds, { ...headers, Digest: undefined } as never, data)).toEqual({ ok: false, why: 'missing' });
  });
});

describe('Selcom signature: signed fields only, fresh timestamps only', () => {
  const at = new Date('2026-02-26T06:30:46Z');
  const window = { maxAgeMs: 15 * 60_000, maxAheadMs: 5 * 60_000 };

  it('verifies the fields Signed-Fields names and ignores (and does not return) the others', () => {
    const data = { order_id: 'A1', payment_status: 'COMPLETED' };
    const headers = signSelcom(creds, data, at);
    const check = verifySelcom(creds, headers, { ...data, channel: 'MPESA', nested: { extra: '1' } });
    expect(check.ok).toBe(true);
    expect(check.ok && [...check.signed]).toEqual([
      ['order_id', 'A1'],
      ['payment_status', 'COMPLETED'],
    ]);
  });

  it('refuses a Timestamp outside the window around the receiver clock, and one that is not a time', () => {
    const data = { order_id: 'A1' };
    const headers = signSelcom(creds, data, at);
    expect(verifySelcom(creds, headers, data, { now: new Date(at.getTime() + 14 * 60_000), ...window })).toMatchObject({ ok: true });
    expect(verifySelcom(creds, headers, data, { now: new Date(at.getTime() + 16 * 60_000), ...window })).toEqual({ ok: false, why: 'stale' });
    expect(verifySelcom(creds, headers, data, { now: new Date(at.getTime() - 6 * 60_000), ...window })).toEqual({ ok: false, why: 'stale' });
    expect(verifySelcom(creds, { ...headers, Timestamp: 'yesterday' }, data, { now: at, ...window })).toEqual({ ok: false, why: 'timestamp' });
  });

  it("flat billing.* fields sign the same way Selcom's published client signs (top-level key=value pairs); a nested object would not", () => {
    const body = { order_id: 'A1', amount: '5000', 'billing.firstname': 'Neema', 'billing.country': 'TZ' };
    const headers = signSelcom(creds, body, at);
    // Selcom's reference client builds "timestamp=T&k=v&…" from the body's own top-level keys.
    const referenceDigest = (data: Record<string, unknown>) =>
      createHmac('sha256', creds.apiSecret)
        .update([`timestamp=${headers.Timestamp}`, ...Object.keys(data).map((key) => `${key}=${String(data[key])}`)].join('&'))
        .digest('base64');
    expect(referenceDigest(body)).toBe(headers.Digest);
    const nested = { order_id: 'A1', amount: '5000', billing: { firstname: 'Neema', country: 'TZ' } };
    expect(referenceDigest(nested)).not.toBe(signSelcom(creds, nested, at).Digest);
  });
});

describe('Selcom client and simulator', () => {
  let sim: SelcomSimulator;
  let receiver: Server;
  let received: Received[];
  let webhookUrl: string;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ body: JSON.parse(text) as Record<string, string>, headers: req.headers, at: Date.now() });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/callbacks/selcom`;
    sim = await startSelcomSimulator({ ...creds, vendor: 'TESTVENDOR', answerDelayMs: 5, lateSuccessDelayMs: 5 });
  });
  beforeEach(() => {
    received = [];
    sim.reset();
  });
  afterAll(async () => {
    await sim.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const client = (override: Partial<typeof creds> = {}) => createSelcomClient({ ...creds, ...override, baseUrl: sim.baseUrl, vendor: 'TESTVENDOR' });
  let seq = 0;
  async function order(phone: string, amount = '15000') {
    const orderId = `order-${++seq}`;
    const created = await client().createOrderMinimal({
      orderId,
      buyerEmail: 'giver@example.com',
      buyerName: 'Neema Mushi',
      buyerPhone: phone,
      amount,
      currency: 'TZS',
      webhookUrl,
      noOfItems: 1,
    });
    return { orderId, created };
  }
  const push = (orderId: string, phone: string) => client().walletPayment({ transid: `T-${orderId}`, orderId, msisdn: phone });

  it('creates an order, puts a push on the phone (111 PENDING) and answers order-status', async () => {
    const { orderId, created } = await order('255712000005');
    expect(created.envelope).toMatchObject({ resultcode: '000', result: 'SUCCESS' });
    expect(created.envelope.reference).toMatch(/^\d{10}$/);
    expect(created.paymentGatewayUrl).toBe(`${sim.origin}/handset?phone=255712000005`);
    expect(await push(orderId, '255712000005')).toMatchObject({ resultcode: '111', result: 'PENDING' });
    expect(await client().orderStatus(orderId)).toMatchObject({ orderId, amount: '15000', paymentStatus: 'PENDING', transid: null });
    expect(await client().orderStatus('no-such-order')).toBeNull();
  });

  it('refuses wrong credentials with a typed, unambiguous auth error', async () => {
    const error = await client({ apiSecret: 'wrong' })
      .orderStatus('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SelcomError);
    expect(error).toMatchObject({ kind: 'auth', httpStatus: 401, ambiguous: false });
  });

  it('answers by the last digit: 0 accepted with one signed COMPLETED callback carrying the amount', async () => {
    const { orderId } = await order('255754000010');
    await push(orderId, '255754000010');
    await sim.settle();
    expect(received).toHaveLength(1);
    const callback = received[0]!;
    expect(callback.body).toMatchObject({ order_id: orderId, payment_status: 'COMPLETED', result: 'SUCCESS', resultcode: '000', amount: '15000', currency: 'TZS', channel: 'MPESA-TZ' });
    expect(callback.body.transid).toMatch(/^MP\d{10}$/);
    expect(verifySelcom(creds, callback.headers as Record<string, string>, callback.body)).toMatchObject({ ok: true });
    expect(await client().orderStatus(orderId)).toMatchObject({ paymentStatus: 'COMPLETED', transid: callback.body.transid });
  });

  it('1 refused (057), 2 insufficient funds (051), 3 never answers, 4 paid without a callback', async () => {
    const orders: string[] = [];
    for (const phone of ['255712000001', '255712000002', '255712000003', '255712000004']) {
      const { orderId } = await order(phone);
      await push(orderId, phone);
      orders.push(orderId);
    }
    await sim.settle();
    const byOrder = new Map(received.map((r) => [r.body.order_id, r.body]));
    expect(byOrder.get(orders[0]!)).toMatchObject({ payment_status: 'REJECTED', resultcode: '057' });
    expect(byOrder.get(orders[1]!)).toMatchObject({ payment_status: 'REJECTED', resultcode: '051' });
    expect(byOrder.has(orders[2]!)).toBe(false);
    expect(byOrder.has(orders[3]!)).toBe(false);
    expect((await client().orderStatus(orders[2]!))?.paymentStatus).toBe('PENDING');
    expect((await client().orderStatus(orders[3]!))?.paymentStatus).toBe('COMPLETED');
  });

  it('any other digit waits for the handset page, where a person accepts with a plain form POST', async () => {
    const { orderId } = await order('255687000007');
    await push(orderId, '255687000007');
    await sim.settle();
    expect(received).toHaveLength(0);
    const page = await fetch(`${sim.origin}/handset?phone=%2B255687000007`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(orderId);
    expect(html).toContain('TZS 15000');
    const answer = await fetch(`${sim.origin}/handset/answer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ phone: '255687000007', order_id: orderId, answer: 'accept' }).toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    await sim.settle();
    expect(received.map((r) => r.body.payment_status)).toEqual(['COMPLETED']);
    expect(await (await fetch(`${sim.origin}/handset?phone=255687000007`)).text()).toContain('No push is waiting');
  });

  it('scripts: duplicate callbacks arrive together, a bad signature fails verification, a wrong amount is reported as paid', async () => {
    sim.script('255712000105', 'duplicateCallback');
    sim.script('255712000106', 'badSignature');
    sim.script('255712000107', 'wrongAmount');
    const ids: string[] = [];
    for (const phone of ['255712000105', '255712000106', '255712000107']) {
      const { orderId } = await order(phone);
      await push(orderId, phone);
      ids.push(orderId);
    }
    await sim.settle();
    expect(received.filter((r) => r.body.order_id === ids[0])).toHaveLength(2);
    const bad = received.find((r) => r.body.order_id === ids[1])!;
    expect(verifySelcom(creds, bad.headers as Record<string, string>, bad.body)).toEqual({ ok: false, why: 'digest' });
    const wrong = received.find((r) => r.body.order_id === ids[2])!;
    expect(wrong.body).toMatchObject({ payment_status: 'COMPLETED', amount: '7500' });
    expect((await client().orderStatus(ids[2]!))?.amount).toBe('7500');
  });

  it('callbackBeforeAnswer: the callback is in before wallet-payment answers', async () => {
    sim.script('255712000108', 'callbackBeforeAnswer');
    const { orderId } = await order('255712000108');
    const answer = await push(orderId, '255712000108');
    expect(answer.resultcode).toBe('111');
    expect(received.map((r) => r.body.payment_status)).toEqual(['COMPLETED']);
  });

  it('cancel-order: a pending order is cancelled (again: still success); a paid one cannot be; lateSuccess calls back after the cancel', async () => {
    const { orderId } = await order('255712000009');
    expect((await client().cancelOrder(orderId)).resultcode).toBe('000');
    expect((await client().cancelOrder(orderId)).resultcode).toBe('000');
    expect((await client().orderStatus(orderId))?.paymentStatus).toBe('CANCELLED');

    const paid = await order('255754000020');
    await push(paid.orderId, '255754000020');
    await sim.settle();
    expect(await client().cancelOrder(paid.orderId)).toMatchObject({ resultcode: '409', result: 'FAIL' });

    sim.script('255712000110', 'lateSuccess');
    const late = await order('255712000110');
    await push(late.orderId, '255712000110');
    await sim.settle();
    expect(received.filter((r) => r.body.order_id === late.orderId)).toHaveLength(0);
    await client().cancelOrder(late.orderId);
    await sim.settle();
    expect(received.filter((r) => r.body.order_id === late.orderId).map((r) => r.body.payment_status)).toEqual(['COMPLETED']);
    expect((await client().orderStatus(late.orderId))?.paymentStatus).toBe('CANCELLED');
  });

  it('card: the hosted page checks Luhn and expiry, then approves, calls back and returns the buyer', async () => {
    const created = await client().createCardOrder({
      orderId: 'card-1',
      buyerEmail: 'giver@example.com',
      buyerName: 'Neema Mushi',
      buyerPhone: '255712000555',
      amount: '20000',
      currency: 'TZS',
      webhookUrl,
      redirectUrl: 'http://127.0.0.1:1/give-offerings?payment=card-1',
      noOfItems: 1,
      billing: { firstname: 'Neema', lastname: 'Mushi', address_1: 'Mtaa wa Uhuru 12', city: 'Arusha', country: 'TZ', phone: '255712000555' },
    });
    const page = created.paymentGatewayUrl!;
    expect(page).toMatch(new RegExp(`^${sim.origin}/checkout/card/`));
    const form = await (await fetch(page)).text();
    expect(form).not.toMatch(/<script/i);
    expect(form).toContain('TZS 20000');
    const submit = (fields: Record<string, string>) =>
      fetch(page, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
    const badNumber = await submit({ card_number: '4242 4242 4242 4241', expiry: '12/39', cvv: '123' });
    expect(badNumber.status).toBe(422);
    expect(await badNumber.text()).toContain('Invalid card number');
    const expired = await submit({ card_number: '4242 4242 4242 4242', expiry: '01/20', cvv: '123' });
    expect(await expired.text()).toContain('Invalid card expiration time');
    expect(received).toHaveLength(0);
    const ok = await submit({ card_number: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', holder: 'Neema Mushi' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('http://127.0.0.1:1/give-offerings?payment=card-1');
    await sim.settle();
    expect(received.map((r) => [r.body.payment_status, r.body.channel])).toEqual([['COMPLETED', 'CARD']]);
    expect(sim.order('card-1')?.cardLast4).toBe('4242');
    expect(sim.order('card-1')?.billing).toEqual({
      'billing.firstname': 'Neema',
      'billing.lastname': 'Mushi',
      'billing.address_1': 'Mtaa wa Uhuru 12',
      'billing.city': 'Arusha',
      'billing.country': 'TZ',
      'billing.phone': '255712000555',
    });
  });

  it('the simulator refuses a card order whose billing is a nested object, as Selcom documents flat fields', async () => {
    const body = { vendor: 'TESTVENDOR', order_id: 'card-nested', buyer_email: 'a@b.example', buyer_name: 'A B', buyer_phone: '255712000557', amount: '1000', currency: 'TZS', no_of_items: 1, webhook: Buffer.from(webhookUrl).toString('base64'), billing: { firstname: 'A', lastname: 'B', country: 'TZ', phone: '255712000557' } };
    const res = await fetch(`${sim.baseUrl}/checkout/create-order`, { method: 'POST', headers: { ...signSelcom(creds, body, new Date()), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('billing');
    expect(sim.order('card-nested')).toBeUndefined();
  });

  it('card test number 4000 0000 0000 0002 is declined (005)', async () => {
    const created = await client().createCardOrder({
      orderId: 'card-2',
      buyerEmail: 'giver@example.com',
      buyerName: 'Juma',
      buyerPhone: '255712000556',
      amount: '1000',
      currency: 'TZS',
      webhookUrl,
      noOfItems: 1,
      billing: { firstname: 'Juma', lastname: 'Juma', country: 'TZ', phone: '255712000556' },
    });
    const response = await fetch(created.paymentGatewayUrl!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4000000000000002', expiry: '12/39', cvv: '123' }).toString(),
    });
    expect(await response.text()).toContain('Payment not approved');
    await sim.settle();
    expect(received.map((r) => [r.body.payment_status, r.body.resultcode])).toEqual([['REJECTED', '005']]);
  });
});
