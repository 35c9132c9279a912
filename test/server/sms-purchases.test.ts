import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsBalance } from '../../domain/api/shell';
import type { SmsCampaignDetail } from '../../domain/api/sms';
import type { SmsPurchase } from '../../domain/api/sms-purchases';
import { signSelcom } from '../../server/providers/payments/selcom-signing';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';
import { phoneEnding, testClock, travel } from './payments-fixtures';

type Actor = 'admin' | 'union' | 'church' | 'fieldUser';

/**
 * SMS bought with the institution's mobile money (issue 14, ADR 058): the real Selcom client talks
 * HTTP to the simulator, which calls the purchases' own webhook over HTTP; polls run as pg-boss
 * jobs on the real schedule (time moved with `travel`). A purchase credits its wallet once, only
 * when the money arrived, and the credit releases the messages waiting for balance.
 */
describe('SMS bought with mobile money', () => {
  let t: TestApp;
  let w: World;
  const clock = testClock();
  const headers = {} as Record<Actor, Record<string, string>>;
  let seq = 0;
  const recipient = () => `+2557180${String(++seq).padStart(5, '0')}`;

  beforeAll(async () => {
    // The handset answers 400 ms after the push, not the harness's 5 ms: the tests read the purchase
    // as the start request answers it (pending, no units yet), and under a loaded CI the 5 ms answer
    // once completed the purchase before that reply was written.
    t = await createTestApp({ now: clock.now, env: { PAYMENT_RATE_PER_PHONE: '1000', SMS_PRICE_MINOR: '2500' }, selcomAnswerDelayMs: 400 });
    w = await createWorld(t.database.db);
    const people = { admin: w.users.admin, union: w.users.union, church: w.users.church, fieldUser: await createUser(t.database.db, { role: 'Union Administrator', institutionId: w.field.id }) };
    for (const actor of Object.keys(people) as Actor[]) headers[actor] = { ...(await signIn(t.app, people[actor])).headers, lang: 'en' };
  });
  afterAll(() => t?.close());

  const call = (actor: Actor, method: 'GET' | 'POST', url: string, payload?: unknown) => t.app.inject({ method, url, headers: headers[actor], ...(payload === undefined ? {} : { payload: payload as object }) });
  const buy = (actor: Actor, body: { messages: unknown; phone: unknown; institutionId?: unknown }) => call(actor, 'POST', '/api/sms/purchases', body);
  const read = async (id: string) => (await call('union', 'GET', `/api/sms/purchases/${id}`)).json() as SmsPurchase;
  const smsLeft = async (id: number) => Number((await t.database.raw.query('select sms_left from institutions where id = $1', [id])).rows[0]?.sms_left);
  const setBalance = (id: number, n: number) => t.database.raw.query('update institutions set sms_left = $2 where id = $1', [id, n]);
  const topUps = async (purchaseId: string) => (await t.database.raw.query('select institution_id, amount, source, created_by from sms_topups where purchase_id = $1', [purchaseId])).rows;
  async function started(actor: Actor, body: { messages: number; phone: string; institutionId?: number }) {
    const res = await buy(actor, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as SmsPurchase;
  }
  /** A fresh Selcom callback for a purchase, signed with the shared key like the provider's. */
  function signedCallback(purchase: SmsPurchase, status: string, amount = String(purchase.amount / 100)) {
    const body = { order_id: purchase.id, reference: 'SIM-REF', result: 'SUCCESS', resultcode: '000', payment_status: status, amount, currency: 'TZS', transid: 'MP123456789', channel: 'MPESA-TZ' };
    const { apiKey, apiSecret } = t.ctx.config.payments.selcom;
    return t.app.inject({ method: 'POST', url: '/api/callbacks/selcom/sms', headers: { ...signSelcom({ apiKey, apiSecret }, body, clock.now()), 'content-type': 'application/json' }, payload: body });
  }

  it('a union user buys for a church: the push completes, the units arrive once, the waiting messages go out, history and activity say so', async () => {
    await setBalance(w.churchA.id, 1);
    const phones = [recipient(), recipient(), recipient()];
    const sent = await call('union', 'POST', '/api/sms/campaigns', { recipients: { kind: 'list', phones }, message: 'Mkutano wa wazee Jumamosi.', institutionId: w.churchA.id });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.settleSms();
    const statuses = async () => ((await call('union', 'GET', `/api/sms/campaigns/${sent.json().id}`)).json() as SmsCampaignDetail).recipientList.map((r) => r.status);
    expect(await statuses()).toEqual(['delivered', 'waiting_balance', 'waiting_balance']);

    expect((await call('union', 'GET', '/api/sms/price')).json()).toEqual({ pricePerMessage: 2500, currency: 'TZS' });
    const phone = phoneEnding(0, '75');
    const purchase = await started('union', { messages: 40, phone, institutionId: w.churchA.id });
    expect(purchase).toMatchObject({ status: 'pending', messages: 40, pricePerMessage: 2500, amount: 100_000, currency: 'TZS', operator: 'vodacom', institution: { id: w.churchA.id, title: 'Mwenge Church' }, completedAt: null });
    expect(purchase.referenceNo).toMatch(/^SDK[0-9A-Z]{8}$/);
    expect(purchase.phone).toMatch(/^\+255 7•• ••• \d{3}$/);
    // Nothing before the money arrives.
    expect(await smsLeft(w.churchA.id)).toBe(0);

    await t.settlePayments();
    const done = await read(purchase.id);
    expect(done).toMatchObject({ status: 'completed', smsLeft: 38 });
    expect(done.completedAt).not.toBeNull();
    // The push went to the payer's phone for TSh 1,000, and its callback to the purchases' own path.
    expect(t.selcom!.callbacks().filter((c) => c.orderId === purchase.id)).toEqual([{ orderId: purchase.id, paymentStatus: 'COMPLETED', badSignature: false, answeredWith: 200 }]);
    expect(await topUps(purchase.id)).toEqual([{ institution_id: w.churchA.id, amount: 40, source: 'mobile', created_by: w.users.union.id }]);
    await t.settleSms();
    expect(await statuses()).toEqual(['delivered', 'delivered', 'delivered']);
    for (const to of phones) expect(await t.smsInbox(to)).toHaveLength(1);
    // The giving ledger is untouched: no transaction, no ledger entry for a purchase.
    expect((await t.database.raw.query('select count(*)::int as n from transactions where id = $1', [purchase.id])).rows[0]?.n).toBe(0);

    const history = (await call('union', 'POST', '/api/smsTopUpHistory/1', { search: 'Mwenge' })).json() as SmsBalance;
    expect(history.data[0]).toMatchObject({ amount: 40, source: 'mobile', createdBy: w.users.union.name, approvedBy: null, requestId: null, paymentReference: purchase.referenceNo });
    const logged = await t.database.raw.query(`select user_id, details from activity_log where action = 'sms.purchased' and entity_id = $1`, [String(w.churchA.id)]);
    expect(logged.rows).toEqual([{ user_id: w.users.union.id, details: `+40 SMS bought with mobile money ${purchase.referenceNo}, balance 40` }]);
    // The bank sees the purchase too (its scope); a church's own user does not (spec §6).
    expect((await call('admin', 'GET', `/api/sms/purchases/${purchase.id}`)).statusCode).toBe(200);
    expect((await call('church', 'GET', `/api/sms/purchases/${purchase.id}`)).statusCode).toBe(403);
  });

  it('a duplicated callback, a replayed one, a poll racing a callback and a restart credit once', async () => {
    // Two callbacks at the same moment.
    const dupPhone = phoneEnding(5, '75');
    t.selcom!.script(dupPhone, 'duplicateCallback');
    await setBalance(w.union.id, 0);
    const twice = await started('union', { messages: 7, phone: dupPhone });
    expect(twice.institution.id).toBe(w.union.id);
    await t.settlePayments();
    expect(t.selcom!.callbacks().filter((c) => c.orderId === twice.id)).toHaveLength(2);
    expect((await read(twice.id)).status).toBe('completed');
    expect(await smsLeft(w.union.id)).toBe(7);
    // A replay of the completion, freshly signed, and a restart's recovery: nothing more.
    expect((await signedCallback(twice, 'COMPLETED')).statusCode).toBe(200);
    expect(await t.ctx.smsPurchases.recoverPending()).toBe(0);
    await travel(t, clock, 200_000);
    await t.settlePayments();
    expect(await smsLeft(w.union.id)).toBe(7);
    expect(await topUps(twice.id)).toHaveLength(1);

    // Paid, but the callback is lost: the poll and a late callback race; one of them credits.
    const lostPhone = phoneEnding(4, '75');
    const raced = await started('union', { messages: 3, phone: lostPhone });
    await t.settlePayments();
    expect((await read(raced.id)).status).toBe('pending');
    // The process "restarts": the recovery queues the pending purchase's poll again (same job id as the one queued).
    expect(await t.ctx.smsPurchases.recoverPending()).toBe(1);
    await travel(t, clock, 31_000);
    await Promise.all([t.runJobs(), signedCallback(raced, 'COMPLETED'), signedCallback(raced, 'COMPLETED')]);
    await t.settlePayments();
    expect((await read(raced.id)).status).toBe('completed');
    expect(await smsLeft(w.union.id)).toBe(10);
    expect(await topUps(raced.id)).toHaveLength(1);
    const logged = await t.database.raw.query(`select count(*)::int as n from activity_log where action = 'sms.purchased' and entity_id = $1`, [String(w.union.id)]);
    expect(logged.rows[0]?.n).toBe(2);
  });

  it('a refused or unfunded push, an unanswered one, a wrong amount and a forged callback credit nothing', async () => {
    await setBalance(w.churchB.id, 0);
    const phone = recipient();
    const waiting = await call('union', 'POST', '/api/sms/campaigns', { recipients: { kind: 'phone', phone }, message: 'Karibu.', institutionId: w.churchB.id });
    expect(waiting.statusCode, waiting.body).toBe(201);
    await t.settleSms();

    const refused = await started('union', { messages: 10, phone: phoneEnding(1, '75'), institutionId: w.churchB.id });
    await t.settlePayments();
    expect(await read(refused.id)).toMatchObject({ status: 'failed', reasonCode: 'refused', completedAt: null, smsLeft: 0 });

    const broke = await started('union', { messages: 10, phone: phoneEnding(2, '68'), institutionId: w.churchB.id });
    await t.settlePayments();
    expect(await read(broke.id)).toMatchObject({ status: 'failed', reasonCode: 'insufficient_funds', reason: expect.any(String) });

    const halfPhone = phoneEnding(6, '75');
    t.selcom!.script(halfPhone, 'wrongAmount');
    const half = await started('union', { messages: 10, phone: halfPhone, institutionId: w.churchB.id });
    await t.settlePayments();
    expect(await read(half.id)).toMatchObject({ status: 'failed', reasonCode: 'amount_mismatch' });

    // A forged COMPLETED callback (bad signature) is 401 and changes nothing; then nobody answers
    // the push: at its timeout the poll cancels it at the provider and it fails.
    const silent = await started('union', { messages: 10, phone: phoneEnding(3, '75'), institutionId: w.churchB.id });
    const forged = await t.app.inject({ method: 'POST', url: '/api/callbacks/selcom/sms', headers: { 'content-type': 'application/json' }, payload: { order_id: silent.id, payment_status: 'COMPLETED', amount: '25000' } });
    expect(forged.statusCode).toBe(401);
    await t.settlePayments();
    expect((await read(silent.id)).status).toBe('pending');
    await travel(t, clock, 121_000);
    await t.settlePayments();
    expect(await read(silent.id)).toMatchObject({ status: 'failed', reasonCode: 'timeout' });
    // A late "paid" for an ended purchase changes nothing either.
    expect((await signedCallback(silent, 'COMPLETED')).statusCode).toBe(200);

    expect(await smsLeft(w.churchB.id)).toBe(0);
    const credited = await t.database.raw.query(`select count(*)::int as n from sms_topups where institution_id = $1`, [w.churchB.id]);
    expect(credited.rows[0]?.n).toBe(0);
    await t.settleSms();
    expect(await t.smsInbox(phone)).toEqual([]);
  });

  it('who may buy, for which wallet, and with what body', async () => {
    const phone = phoneEnding(9, '75');
    // Bank staff ask for a top-up instead; a church's own user does not see the balance.
    const bank = await buy('admin', { messages: 5, phone, institutionId: w.churchA.id });
    expect(bank.statusCode).toBe(403);
    expect(bank.json().message).toBe('SMS are bought with mobile money by union-level users, for the union or a church or mosque below it; bank staff ask for a top-up instead');
    expect((await buy('church', { messages: 5, phone })).statusCode).toBe(403);
    // A field administrator is not at union level.
    expect((await buy('fieldUser', { messages: 5, phone })).statusCode).toBe(403);
    // Outside the union: the mosque (another religion) and an unknown id read as unknown.
    expect((await buy('union', { messages: 5, phone, institutionId: w.mosque.id })).statusCode).toBe(404);
    expect((await buy('union', { messages: 5, phone, institutionId: 999_999 })).statusCode).toBe(404);
    // A number no mobile-money network serves.
    const kenyan = await buy('union', { messages: 5, phone: '+254712345678' });
    expect(kenyan.statusCode).toBe(400);
    expect(kenyan.json().message).toBe('Mobile money works with Tanzanian numbers of Vodacom, Yas (Tigo), Airtel, Halotel and TTCL');
    for (const messages of [0, -3, 1.5, 100_001, '5', null]) expect((await buy('union', { messages, phone })).statusCode, String(messages)).toBe(400);
    for (const bad of ['0712345678', 'abc', '', 7]) expect((await buy('union', { messages: 5, phone: bad })).statusCode, String(bad)).toBe(400);
    expect((await buy('union', { messages: 5, phone, institutionId: 'x' })).statusCode).toBe(400);
    expect((await call('union', 'GET', '/api/sms/purchases/not-a-uuid')).statusCode).toBe(400);
    expect((await call('union', 'GET', '/api/sms/purchases/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // One push at a time per wallet (the handset waits: the number ends in 9).
    const first = await started('union', { messages: 5, phone, institutionId: w.field.id });
    const again = await buy('union', { messages: 5, phone: phoneEnding(9, '75'), institutionId: w.field.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A purchase of SMS for this church or mosque is waiting for its payment; wait until it ends before buying again');
    // The field's own administrator may not read the union's purchase for it either (not union level, so no balance).
    expect((await call('fieldUser', 'GET', `/api/sms/purchases/${first.id}`)).statusCode).toBe(403);
    // A disabled church cannot be topped up.
    await t.database.raw.query(`update institutions set status = 'disabled' where id = $1`, [w.district.id]);
    expect((await buy('union', { messages: 5, phone, institutionId: w.district.id })).statusCode).toBe(409);
    await t.database.raw.query(`update institutions set status = 'active' where id = $1`, [w.district.id]);
    expect(await t.database.raw.query(`select count(*)::int as n from sms_purchases where created_by <> $1`, [w.users.union.id]).then((r) => r.rows[0]?.n)).toBe(0);
  });
});
