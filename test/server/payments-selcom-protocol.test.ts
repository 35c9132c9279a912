import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_WINDOW } from '../../server/providers/payments/selcom-provider';
import { signSelcom } from '../../server/providers/payments/selcom-signing';
import { createMember } from '../factories/giving';
import { createTestApp, type TestApp } from './harness';
import { createGivingWorld, eventsOf, expectMoneyInvariants, give, type GivingWorld, mobileGift, paymentStatus, phoneEnding, testClock } from './payments-fixtures';

/**
 * Selcom as documented, end to end through the app: card orders carry the payer's own billing
 * details as flat `billing.*` fields, and the webhook trusts exactly the signed fields of a fresh callback.
 */
describe('Selcom protocol: card billing and webhook verification', () => {
  let t: TestApp;
  let w: GivingWorld;
  const clock = testClock();
  const credentials = { apiKey: 'simulator-selcom-api-key', apiSecret: 'simulator-selcom-api-secret' };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { PAYMENT_RATE_PER_IP: '1000', PAYMENT_RATE_PER_PHONE: '1000' } });
    w = await createGivingWorld(t.database.db);
  });
  afterAll(() => t.close());

  async function startMobile(phone = phoneEnding(5)) {
    const res = await give(t, mobileGift(w, phone));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }

  const callback = (headers: Record<string, string>, body: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/callbacks/selcom', headers: { ...headers, 'content-type': 'application/json' }, payload: body });
  const completed = (id: string) => ({ order_id: id, transid: 'MP123456789', reference: '1234567890', result: 'SUCCESS', resultcode: '000', payment_status: 'COMPLETED', amount: '13333' });

  it("a member's card order carries the member's own name, address and country as flat billing.* fields", async () => {
    const phone = phoneEnding(5);
    const member = await createMember(t.database.db, {
      institutionId: w.churchA.id,
      firstName: 'Neema',
      lastName: 'Mushi',
      phone,
      addressOne: 'Mtaa wa Uhuru 12',
      city: 'Arusha',
      country: 'KE',
    });
    const res = await give(t, { ...mobileGift(w, phone), method: 'card', memberId: member.id });
    expect(res.statusCode, res.body).toBe(201);
    const order = t.selcom!.order((res.json() as { id: string }).id);
    expect(order?.billing).toEqual({
      'billing.firstname': 'Neema',
      'billing.lastname': 'Mushi',
      'billing.address_1': 'Mtaa wa Uhuru 12',
      'billing.city': 'Arusha',
      'billing.country': 'KE',
      'billing.phone': phone.slice(1),
    });
  });

  it("a guest's card order (only a phone is known) carries the phone's country and no invented address", async () => {
    const phone = '+254712345678';
    const res = await give(t, { ...mobileGift(w, phone), method: 'card' });
    expect(res.statusCode, res.body).toBe(201);
    const billing = t.selcom!.order((res.json() as { id: string }).id)?.billing ?? {};
    expect(billing).toMatchObject({ 'billing.country': 'KE', 'billing.phone': '254712345678' });
    expect(Object.keys(billing)).not.toContain('billing.address_1');
    expect(Object.keys(billing)).not.toContain('billing.city');
  });

  it('accepts a callback carrying fields outside Signed-Fields, and acts on the signed ones only', async () => {
    const created = await startMobile();
    const signedPart = completed(created.id);
    const headers = signSelcom(credentials, signedPart, clock.now());
    // An intermediary (or a newer Selcom release) adds fields it does not sign; one even contradicts the signed amount.
    const res = await callback(headers, { ...signedPart, channel: 'MPESA-TZ', msisdn: '255712000000', amount_extra: '1', ...{ payment_status_note: 'x' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentStatus(t, created.id)).status).toBe('completed');
    await expectMoneyInvariants(t, created.id);
  });

  it('never trusts an unsigned field: payment_status outside the signature leaves the payment as it was', async () => {
    const created = await startMobile();
    const signedPart = { order_id: created.id, result: 'SUCCESS', resultcode: '000' };
    const res = await callback(signSelcom(credentials, signedPart, clock.now()), { ...signedPart, payment_status: 'COMPLETED', amount: '13333' });
    expect(res.statusCode).toBe(401);
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
  });

  it(`refuses a callback whose Timestamp is older than ${CALLBACK_WINDOW.maxAgeMs / 60_000} minutes (a replay) or too far ahead, and records why`, async () => {
    const created = await startMobile();
    const body = completed(created.id);
    const stale = await callback(signSelcom(credentials, body, new Date(clock.now().getTime() - CALLBACK_WINDOW.maxAgeMs - 1_000)), body);
    expect(stale.statusCode).toBe(401);
    const yearsOld = await callback(signSelcom(credentials, body, new Date('2023-01-01T00:00:00Z')), body);
    expect(yearsOld.statusCode).toBe(401);
    const ahead = await callback(signSelcom(credentials, body, new Date(clock.now().getTime() + CALLBACK_WINDOW.maxAheadMs + 1_000)), body);
    expect(ahead.statusCode).toBe(401);
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
    expect((await eventsOf(t, created.id)).filter((e) => e.outcome === 'bad_signature').map((e) => e.detail)).toEqual([
      expect.stringContaining('stale'),
      expect.stringContaining('stale'),
      expect.stringContaining('stale'),
    ]);
    // Inside the window (a delivery retried a few minutes after it was signed) it is accepted.
    const fresh = await callback(signSelcom(credentials, body, new Date(clock.now().getTime() - CALLBACK_WINDOW.maxAgeMs + 60_000)), body);
    expect(fresh.statusCode).toBe(200);
    expect((await paymentStatus(t, created.id)).status).toBe('completed');
  });
});
