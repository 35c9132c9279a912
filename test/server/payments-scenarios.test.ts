import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import {
  createGivingWorld,
  eventsOf,
  expectMoneyInvariants,
  give,
  type GivingWorld,
  mobileGift,
  paymentStatus,
  phoneEnding,
  testClock,
  travel,
} from './payments-fixtures';

/**
 * Every simulator outcome end to end: the real Selcom client talks HTTP to the simulator, the
 * simulator calls our webhook over HTTP, polls run as pg-boss jobs on the real schedule (time is
 * moved with `travel`). Each scenario ends in exactly one final state with a balanced ledger.
 */
describe('payments: each simulator outcome ends in exactly one final state', () => {
  let t: TestApp;
  let w: GivingWorld;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { PAYMENT_RATE_PER_IP: '1000', PAYMENT_RATE_PER_PHONE: '1000' } });
    w = await createGivingWorld(t.database.db);
  });
  afterAll(() => t.close());

  async function start(phone: string, body = mobileGift(w, phone)) {
    const res = await give(t, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; referenceNo: string; fee: number; amount: number; operator: string };
  }

  it('accept (last digit 0): completed, one balanced ledger entry split by divisions, fee booked, shares credited, SMS receipt in Swahili', async () => {
    const phone = phoneEnding(0, '75');
    const created = await start(phone);
    expect(created).toMatchObject({ status: 'pending', operator: 'vodacom', amount: 1_333_300, fee: 13_333 });
    expect(created.referenceNo).toMatch(/^SDK[0-9A-Z]{8}$/);
    await t.settlePayments();
    const view = await paymentStatus(t, created.id);
    expect(view.status).toBe('completed');
    expect(view.receiptNo).toBe(`RCP-${created.referenceNo.slice(3)}`);
    const state = await expectMoneyInvariants(t, created.id);
    expect(state.creditStatus).toBe('credited');

    // Sadaka 1,000,000 and Zaka 333,300 carry the fee 13,333 in proportion (10,000 and 3,333 by
    // largest remainder); each net is split by its divisions, again by largest remainder.
    const { rows } = await t.database.raw.query(
      `select l.account, l.institution_id, l.offering_type_id, l.debit::int as debit, l.credit::int as credit
         from ledger_lines l join ledger_entries e on e.id = l.entry_id where e.transaction_id = $1 order by l.id`,
      [created.id],
    );
    expect(rows).toEqual([
      { account: 'clearing', institution_id: w.churchA.id, offering_type_id: null, debit: 1_333_300, credit: 0 },
      { account: 'fees', institution_id: null, offering_type_id: null, debit: 0, credit: 13_333 },
      { account: 'share:church', institution_id: w.churchA.id, offering_type_id: w.types.sadaka.id, debit: 0, credit: 594_000 },
      { account: 'share:field', institution_id: w.field.id, offering_type_id: w.types.sadaka.id, debit: 0, credit: 247_500 },
      { account: 'share:union', institution_id: w.union.id, offering_type_id: w.types.sadaka.id, debit: 0, credit: 148_500 },
      // 329,967 × 33.33 / 33.33 / 33.34 %: floors 109,977 / 109,977 / 110,010, the 3 left over go to
      // the largest remainders (union .9978, then church and field .0111 in that fixed order).
      { account: 'share:church', institution_id: w.churchA.id, offering_type_id: w.types.zaka.id, debit: 0, credit: 109_978 },
      { account: 'share:field', institution_id: w.field.id, offering_type_id: w.types.zaka.id, debit: 0, credit: 109_978 },
      { account: 'share:union', institution_id: w.union.id, offering_type_id: w.types.zaka.id, debit: 0, credit: 110_011 },
    ]);
    const credits = await t.database.raw.query(`select share, institution_id, amount::int as amount from payment_credits where transaction_id = $1 order by share`, [created.id]);
    expect(credits.rows).toEqual([
      { share: 'church', institution_id: w.churchA.id, amount: 703_978 },
      { share: 'field', institution_id: w.field.id, amount: 357_478 },
      { share: 'union', institution_id: w.union.id, amount: 258_511 },
    ]);
    const sms = await t.smsInbox(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.message).toContain(view.receiptNo!);
    expect(sms[0]!.message).toContain('Mwenge Church');
    expect(sms[0]!.message).toMatch(/TSh|TZS/);
  });

  it('refuse (1) and insufficient funds (2): failed with the reason, in the caller\'s language; nothing posted', async () => {
    const refused = await start(phoneEnding(1));
    const poor = await start(phoneEnding(2));
    await t.settlePayments();
    expect(await paymentStatus(t, refused.id)).toMatchObject({ status: 'failed', reasonCode: 'refused', reason: 'The payment was refused on the phone' });
    expect(await paymentStatus(t, poor.id)).toMatchObject({ status: 'failed', reasonCode: 'insufficient_funds', reason: 'Insufficient funds' });
    // Swahili comes from the catalog (English until the lead merges locales/pending); it is always there.
    expect((await paymentStatus(t, poor.id, 'sw')).reason).toEqual(expect.any(String));
    await expectMoneyInvariants(t, refused.id);
    await expectMoneyInvariants(t, poor.id);
  });

  it('timeout (3): no answer; the poll at the push timeout cancels the order at Selcom → canceled (timeout)', async () => {
    const created = await start(phoneEnding(3));
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
    await travel(t, clock, 31_000);
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
    await travel(t, clock, 90_000);
    await t.settlePayments();
    expect(await paymentStatus(t, created.id)).toMatchObject({ status: 'canceled', reasonCode: 'timeout', reason: 'The payment request timed out' });
    expect(t.selcom!.order(created.id)?.status).toBe('CANCELLED');
    await expectMoneyInvariants(t, created.id);
  });

  it('lost callback (4): only the status poll finds the payment, and completes it', async () => {
    const created = await start(phoneEnding(4));
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
    expect(t.selcom!.callbacks().filter((c) => c.orderId === created.id)).toEqual([]);
    await travel(t, clock, 31_000);
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('completed');
    expect((await eventsOf(t, created.id)).find((e) => e.outcome === 'completed')?.source).toBe('poll');
    await expectMoneyInvariants(t, created.id);
  });

  it('duplicate callback: two identical callbacks at the same moment; one transition, the other a no-op', async () => {
    const phone = phoneEnding(6);
    t.selcom!.script(phone, 'duplicateCallback');
    const created = await start(phone);
    await t.settlePayments();
    expect(t.selcom!.callbacks().filter((c) => c.orderId === created.id).map((c) => c.answeredWith)).toEqual([200, 200]);
    expect((await paymentStatus(t, created.id)).status).toBe('completed');
    expect((await eventsOf(t, created.id)).filter((e) => e.source === 'callback').map((e) => e.outcome).sort()).toEqual(['completed', 'ignored']);
    await expectMoneyInvariants(t, created.id);
    expect(await t.smsInbox(phone)).toHaveLength(1);
  });

  it('callback before the push answer: the payment completes before POST /payments has even answered', async () => {
    const phone = phoneEnding(7);
    t.selcom!.script(phone, 'callbackBeforeAnswer');
    const created = await start(phone);
    expect(created.status).toBe('completed');
    await t.settlePayments();
    expect((await eventsOf(t, created.id)).map((e) => `${e.source}:${e.outcome}`)).toEqual(['start:created', 'callback:completed', 'start:push_sent', 'credit:credited']);
    await expectMoneyInvariants(t, created.id);
  });

  it('late success after a timeout: the order was cancelled, then the operator says paid → stays canceled, flagged late_success', async () => {
    const phone = phoneEnding(8);
    t.selcom!.script(phone, 'lateSuccess');
    const created = await start(phone);
    await travel(t, clock, 121_000);
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('canceled');
    expect(t.selcom!.callbacks().filter((c) => c.orderId === created.id).map((c) => [c.paymentStatus, c.answeredWith])).toEqual([['COMPLETED', 200]]);
    expect((await eventsOf(t, created.id)).at(-1)).toMatchObject({ source: 'callback', outcome: 'late_success' });
    await expectMoneyInvariants(t, created.id);
  });

  it('wrong amount: the provider reports another amount paid → failed (amount_mismatch), nothing credited', async () => {
    const phone = phoneEnding(9);
    t.selcom!.script(phone, 'wrongAmount');
    const created = await start(phone);
    await t.settlePayments();
    expect(await paymentStatus(t, created.id)).toMatchObject({ status: 'failed', reasonCode: 'amount_mismatch' });
    expect((await eventsOf(t, created.id)).find((e) => e.outcome === 'failed')?.detail).toContain('paid 6667 TZS, expected 13333');
    expect((await expectMoneyInvariants(t, created.id)).creditStatus).toBeNull();
  });

  it('bad signature: the callback is refused (401) and recorded; the poll later completes the payment once', async () => {
    const phone = phoneEnding(5);
    t.selcom!.script(phone, 'badSignature');
    const created = await start(phone);
    await t.settlePayments();
    expect(t.selcom!.callbacks().filter((c) => c.orderId === created.id).map((c) => c.answeredWith)).toEqual([401]);
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
    expect((await eventsOf(t, created.id)).map((e) => e.outcome)).toContain('bad_signature');
    await travel(t, clock, 31_000);
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('completed');
    await expectMoneyInvariants(t, created.id);
  });

  it('a forged callback (signed with another secret) for a real payment changes nothing', async () => {
    const created = await start(phoneEnding(5));
    const { signSelcom } = await import('../../server/providers/payments/selcom-signing');
    const body = { order_id: created.id, payment_status: 'COMPLETED', result: 'SUCCESS', resultcode: '000', amount: '13333', currency: 'TZS' };
    const res = await t.app.inject({ method: 'POST', url: '/api/callbacks/selcom', headers: { ...signSelcom({ apiKey: 'simulator-selcom-api-key', apiSecret: 'guessed' }, body, new Date()) }, payload: body });
    expect(res.statusCode).toBe(401);
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
  });

  it('other digits wait for the simulated handset; a person accepting completes the payment', async () => {
    const created = await start(phoneEnding(5));
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
    expect(await t.selcom!.answer(created.id, 'accept')).toBe(true);
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('completed');
    await expectMoneyInvariants(t, created.id);
  });

  it('card: a hosted checkout page; the card is taken there, the callback completes the payment', async () => {
    const res = await give(t, { ...mobileGift(w, phoneEnding(5)), method: 'card' });
    expect(res.statusCode).toBe(201);
    const created = res.json() as { id: string; checkoutUrl: string; operator: string | null };
    expect(created.operator).toBeNull();
    expect(created.checkoutUrl).toContain('/checkout/card/');
    const pay = await fetch(created.checkoutUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '5555 5555 5555 4444', expiry: '12/39', cvv: '321' }).toString(),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`${t.baseUrl}/give-offerings?payment=${created.id}`);
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('completed');
    await expectMoneyInvariants(t, created.id);
  });

  it('bank transfer: instructions with a reference; an unconfirmed transfer is cancelled after the transfer days', async () => {
    const res = await give(t, { ...mobileGift(w, phoneEnding(5)), method: 'bank' });
    expect(res.statusCode).toBe(201);
    const created = res.json() as { id: string; referenceNo: string; fee: number; bankTransfer: Record<string, unknown> };
    expect(created.fee).toBe(0);
    expect(created.bankTransfer).toMatchObject({ bankName: 'Sadaka Bank', reference: created.referenceNo, amount: 1_333_300, currency: 'TZS', accountName: `ACCOUNT ${w.churchA.id}` });
    await travel(t, clock, 6 * 86_400_000);
    await t.settlePayments();
    expect((await paymentStatus(t, created.id)).status).toBe('pending');
    await travel(t, clock, 86_400_000 + 1000);
    await t.settlePayments();
    expect(await paymentStatus(t, created.id)).toMatchObject({ status: 'canceled', reasonCode: 'transfer_not_received' });
    await expectMoneyInvariants(t, created.id);
  });
});

describe('payments: a provider that never answers', () => {
  it('leaves the payment pending while polls fail, then gives it up (failed, timeout) at the end of the schedule', async () => {
    const clock = testClock();
    const t = await createTestApp({ now: clock.now, pollScheduleSeconds: [30, 60], env: { SELCOM_BASE_URL: 'http://127.0.0.1:9/v1' } });
    try {
      const w = await createGivingWorld(t.database.db);
      const res = await give(t, mobileGift(w, phoneEnding(0)));
      expect(res.statusCode).toBe(201);
      const { id, status } = res.json() as { id: string; status: string };
      expect(status).toBe('pending');
      expect((await eventsOf(t, id)).map((e) => e.outcome)).toEqual(['created', 'provider_unavailable']);
      await travel(t, clock, 61_000);
      await t.runJobs();
      expect((await paymentStatus(t, id)).status).toBe('pending');
      await travel(t, clock, 60_000);
      await t.runJobs();
      expect(await paymentStatus(t, id)).toMatchObject({ status: 'failed', reasonCode: 'timeout' });
      await expectMoneyInvariants(t, id);
    } finally {
      await t.close();
    }
  });
});
