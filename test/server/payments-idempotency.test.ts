import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRequestHash } from '../../server/services/payments/idempotency';
import { createTestApp, type TestApp } from './harness';
import { countRows, createGivingWorld, give, type GivingWorld, mobileGift, phoneEnding, testClock, travel } from './payments-fixtures';

/** Idempotency-Key on POST /payments, the Stripe way: same key and body → same payment; other body → 422; still running → 409. */
describe('payments: Idempotency-Key', () => {
  let t: TestApp;
  let w: GivingWorld;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { PAYMENT_RATE_PER_IP: '1000', PAYMENT_RATE_PER_PHONE: '1000' } });
    w = await createGivingWorld(t.database.db);
  });
  afterAll(() => t.close());

  const ordersAtSelcom = () => t.selcom!.orders().length;

  it('is required: without it a localised 400 and nothing written', async () => {
    const before = await countRows(t, 'transactions');
    const res = await t.app.inject({ method: 'POST', url: '/api/payments', headers: { lang: 'en' }, payload: mobileGift(w, phoneEnding(5)) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'idempotency_key_required', message: 'Send an Idempotency-Key header (a new random id for each payment)' });
    expect(await countRows(t, 'transactions')).toBe(before);
  });

  it('same key, same body: the same payment and answer, marked as a replay; nothing new here or at Selcom', async () => {
    const key = randomUUID();
    const body = mobileGift(w, phoneEnding(5));
    const first = await give(t, body, { key });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const transactionsBefore = await countRows(t, 'transactions');
    const selcomBefore = ordersAtSelcom();
    // Key order and whitespace the schema trims do not make it a different request.
    const again = await give(t, { ...body, phone: ` ${body.phone} `, lines: body.lines.map((l) => ({ amount: l.amount, offeringTypeId: l.offeringTypeId })) }, { key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t, 'transactions')).toBe(transactionsBefore);
    expect(ordersAtSelcom()).toBe(selcomBefore);
  });

  it('same key, different body: 422 and nothing new', async () => {
    const key = randomUUID();
    const body = mobileGift(w, phoneEnding(5));
    expect((await give(t, body, { key })).statusCode).toBe(201);
    const before = await countRows(t, 'transactions');
    const other = await give(t, { ...body, lines: [{ offeringTypeId: w.types.sadaka.id, amount: 999_900 }] }, { key, headers: { lang: 'en' } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different payment' });
    expect(await countRows(t, 'transactions')).toBe(before);
  });

  it('the same key used by a signed-in desk user is a different request (422), not someone else’s payment', async () => {
    const key = randomUUID();
    const body = mobileGift(w, phoneEnding(5));
    expect((await give(t, body, { key })).statusCode).toBe(201);
    const { signIn } = await import('../factories/sign-in');
    const staff = await signIn(t.app, w.users.church);
    expect((await give(t, body, { key, headers: staff.headers })).statusCode).toBe(422);
  });

  it('concurrent requests with one key make exactly one payment; the others get it back or 409', async () => {
    const key = randomUUID();
    const body = mobileGift(w, phoneEnding(5));
    const answers = await Promise.all(Array.from({ length: 6 }, () => give(t, body, { key })));
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(new Set(created.map((a) => (a.json() as { id: string }).id)).size).toBe(1);
    expect(await countRows(t, 'transactions', `idempotency_key = '${key}'`)).toBe(1);
    const { id } = created[0]!.json() as { id: string };
    expect(t.selcom!.orders().filter((o) => o.orderId === id)).toHaveLength(1);
  });

  it('while the first request is still running the key answers 409; a claim abandoned by a crash is taken over after a minute', async () => {
    const key = randomUUID();
    const body = mobileGift(w, phoneEnding(5));
    // The state a request leaves between claiming the key and storing its answer.
    await t.database.raw.query(`insert into idempotency_keys (scope, key, request_hash, created_at) values ('payments', $1, $2, $3)`, [
      key,
      paymentRequestHash({ ...body }, null),
      clock.now().toISOString(),
    ]);
    const busy = await give(t, body, { key, headers: { lang: 'en' } });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'idempotency_in_flight', message: 'This payment is still being processed. Try again in a moment.' });
    await travel(t, clock, 61_000);
    // No payment row was written under the abandoned claim, so it is still refused (never a second payment).
    expect((await give(t, body, { key })).statusCode).toBe(409);
    expect(await countRows(t, 'transactions', `idempotency_key = '${key}'`)).toBe(0);
  });

  it('a crash after the payment was written but before its answer was stored: after a minute the replay rebuilds the answer', async () => {
    const key = randomUUID();
    const body = mobileGift(w, phoneEnding(5));
    const first = await give(t, body, { key });
    await t.database.raw.query(`update idempotency_keys set status_code = null, response = null where key = $1`, [key]);
    expect((await give(t, body, { key })).statusCode).toBe(409);
    await travel(t, clock, 61_000);
    const replay = await give(t, body, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((replay.json() as { id: string }).id).toBe((first.json() as { id: string }).id);
    expect(await countRows(t, 'transactions', `idempotency_key = '${key}'`)).toBe(1);
  });

  it('a refused request (bad input) claims nothing: the same key then works for the corrected request', async () => {
    const key = randomUUID();
    const body = mobileGift(w, phoneEnding(5));
    const bad = await give(t, { ...body, institutionId: w.mosque.id }, { key });
    expect(bad.statusCode).toBe(400);
    expect((await give(t, body, { key })).statusCode).toBe(201);
  });

  it('keys are kept well beyond 24 hours', async () => {
    const key = randomUUID();
    const body = mobileGift(w, phoneEnding(5));
    const first = await give(t, body, { key });
    await travel(t, clock, 25 * 3_600_000);
    const later = await give(t, body, { key });
    expect(later.statusCode).toBe(201);
    expect((later.json() as { id: string }).id).toBe((first.json() as { id: string }).id);
  });
});
