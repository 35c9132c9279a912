import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsBalance } from '../../domain/api/shell';
import type { SmsCampaignDetail } from '../../domain/api/sms';
import { createCurrency } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Actor = 'admin' | 'checker' | 'branch' | 'otherBranch' | 'church' | 'union';

/**
 * SMS top-up by bank staff under maker-checker (issue 14, ADR 057): asked on POST /api/sms/topups,
 * decided on /api/requests like every other request type, and only an approval by someone other
 * than the maker adds units and releases the messages waiting for them.
 */
describe('SMS top-up approval under maker-checker', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Actor, Record<string, string>>;
  let phoneSeq = 0;
  const nextPhone = () => `+2557170${String(++phoneSeq).padStart(5, '0')}`;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    const people = {
      admin: w.users.admin,
      checker: await createUser(t.database.db, { role: 'Bank Administrator' }),
      branch: w.users.branch,
      otherBranch: await createUser(t.database.db, { role: 'Branch Officer', branchId: w.otherBranch.id }),
      church: w.users.church,
      union: w.users.union,
    };
    for (const actor of Object.keys(people) as Actor[]) headers[actor] = { ...(await signIn(t.app, people[actor])).headers, lang: 'en' };
  });
  afterAll(() => t?.close());

  const call = (actor: Actor, method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: headers[actor], ...(payload ? { payload } : {}) });
  const ask = (actor: Actor, institutionId: number, amount: number, note?: string) => call(actor, 'POST', '/api/sms/topups', { institutionId, amount, ...(note ? { note } : {}) });
  const smsLeft = async (id: number) => Number((await t.database.raw.query('select sms_left from institutions where id = $1', [id])).rows[0]?.sms_left);
  const setBalance = (id: number, n: number) => t.database.raw.query('update institutions set sms_left = $2 where id = $1', [id, n]);
  const topUpRows = async (id: number) => (await t.database.raw.query('select amount, source, request_id, created_by, approved_by from sms_topups where institution_id = $1 order by id', [id])).rows;

  it('the maker cannot approve their own; a rejection changes nothing; an approval adds the units and releases a waiting campaign in order', async () => {
    // A campaign of 3 against a balance of 1: one goes, two wait.
    await setBalance(w.churchA.id, 1);
    const phones = [nextPhone(), nextPhone(), nextPhone()];
    const sent = await call('church', 'POST', '/api/sms/campaigns', { recipients: { kind: 'list', phones }, message: 'Ibada ya shukrani Jumapili.' });
    expect(sent.statusCode, sent.body).toBe(201);
    const campaignId = sent.json().id as number;
    await t.settleSms();
    const statuses = async () => ((await call('church', 'GET', `/api/sms/campaigns/${campaignId}`)).json() as SmsCampaignDetail).recipientList.map((r) => r.status);
    expect(await statuses()).toEqual(['delivered', 'waiting_balance', 'waiting_balance']);

    // Rejected: nothing is added and nothing leaves.
    const first = await ask('admin', w.churchA.id, 50, 'Paid at the counter');
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().requestId as number;
    const own = await call('admin', 'POST', `/api/requests/${firstId}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You made this request, so another person must approve or reject it');
    expect((await call('checker', 'POST', `/api/requests/${firstId}/reject`, { reason: 'No payment seen' })).json()).toMatchObject({ status: 'rejected' });
    await t.settleSms();
    expect(await smsLeft(w.churchA.id)).toBe(0);
    expect(await topUpRows(w.churchA.id)).toEqual([]);
    expect(await statuses()).toEqual(['delivered', 'waiting_balance', 'waiting_balance']);

    // A second request while one is pending for the same institution is refused.
    const second = await ask('admin', w.churchA.id, 10);
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().requestId as number;
    expect((await ask('branch', w.churchA.id, 10)).statusCode).toBe(409);

    // Pending: the tab lists it with its count; a branch officer (no approve) may not decide it.
    const tab = (await call('checker', 'GET', '/api/requests?type=sms-topup&status=requested')).json();
    expect(tab.counts.smsTopUp).toBe(1);
    expect(tab.data).toMatchObject([{ id: secondId, type: 'sms-topup', title: 'Mwenge Church — 10 SMS', canCheck: true }]);
    const noGrant = await call('branch', 'POST', `/api/requests/${secondId}/approve`, {});
    expect(noGrant.statusCode).toBe(403);
    expect(noGrant.json().message).toBe("You don't have access to approve SMS top-up");
    expect(await smsLeft(w.churchA.id)).toBe(0);

    // Approved by a second administrator: 10 units, two of them go to the waiting messages at once.
    expect((await call('checker', 'POST', `/api/requests/${secondId}/approve`, {})).json()).toMatchObject({ status: 'approved' });
    expect(await smsLeft(w.churchA.id)).toBe(8);
    await t.settleSms();
    expect(await statuses()).toEqual(['delivered', 'delivered', 'delivered']);
    for (const phone of phones) expect(await t.smsInbox(phone)).toHaveLength(1);
    expect(await topUpRows(w.churchA.id)).toEqual([{ amount: 10, source: 'bank', request_id: secondId, created_by: w.users.admin.id, approved_by: expect.any(Number) }]);
    // Decided once: approving again is 409 and adds nothing.
    expect((await call('checker', 'POST', `/api/requests/${secondId}/approve`, {})).statusCode).toBe(409);
    expect(await smsLeft(w.churchA.id)).toBe(8);

    // The history says who asked, who approved, and which request; the activity log has the credit.
    const history = (await call('admin', 'POST', '/api/smsTopUpHistory/1', { search: 'Mwenge' })).json() as SmsBalance;
    expect(history.data[0]).toMatchObject({ amount: 10, source: 'bank', requestId: secondId, createdBy: w.users.admin.name, approvedBy: expect.any(String), paymentReference: null });
    const logged = await t.database.raw.query(`select details from activity_log where action = 'sms.topped_up' and entity_id = $1`, [String(w.churchA.id)]);
    expect(logged.rows.map((r) => r.details)).toEqual([`+10 SMS by request ${secondId}, balance 10`]);
  });

  it('a branch officer asks only for their branch\'s institutions; entity users cannot ask; bodies are checked', async () => {
    expect((await ask('otherBranch', w.churchB.id, 5)).statusCode).toBe(404);
    const mine = await ask('otherBranch', w.mosque.id, 5);
    expect(mine.statusCode, mine.body).toBe(201);
    // Institution users buy SMS with mobile money; they do not ask bank staff.
    const union = await ask('union', w.churchB.id, 5);
    expect(union.statusCode).toBe(403);
    expect(union.json().message).toBe('Only bank staff ask for an SMS top-up for a church or mosque; the church or mosque buys SMS with mobile money');
    expect((await ask('church', w.churchA.id, 5)).statusCode).toBe(403);
    for (const amount of [0, -3, 1.5, 100_001]) expect((await ask('admin', w.churchB.id, amount)).statusCode).toBe(400);
    expect((await ask('admin', 999_999, 5)).statusCode).toBe(404);
    // The mosque's branch officer's request is approved by an administrator of its scope.
    const before = await smsLeft(w.mosque.id);
    expect((await call('admin', 'POST', `/api/requests/${mine.json().requestId}/approve`, {})).json()).toMatchObject({ status: 'approved' });
    expect(await smsLeft(w.mosque.id)).toBe(before + 5);
    // One wallet's balance (the composer's and the form's): bank staff and union level in scope (spec §6).
    expect((await call('otherBranch', 'GET', `/api/sms/wallets/${w.mosque.id}`)).json()).toEqual({ institutionId: w.mosque.id, title: 'Kariakoo Mosque', smsLeft: before + 5, smsCap: 20 });
    expect((await call('otherBranch', 'GET', `/api/sms/wallets/${w.churchA.id}`)).statusCode).toBe(404);
    expect((await call('union', 'GET', `/api/sms/wallets/${w.churchB.id}`)).statusCode).toBe(200);
    expect((await call('church', 'GET', `/api/sms/wallets/${w.churchA.id}`)).statusCode).toBe(403);
  });

  it('a request for an institution disabled meanwhile ends denied with the reason, and adds nothing', async () => {
    const asked = await ask('admin', w.churchB.id, 7);
    expect(asked.statusCode, asked.body).toBe(201);
    const before = await smsLeft(w.churchB.id);
    await t.database.raw.query(`update institutions set status = 'disabled' where id = $1`, [w.churchB.id]);
    const decided = await call('checker', 'POST', `/api/requests/${asked.json().requestId}/approve`, {});
    expect(decided.json()).toMatchObject({ status: 'denied', reason: 'This church or mosque is not active, so its SMS balance cannot be topped up' });
    expect(await smsLeft(w.churchB.id)).toBe(before);
    await t.database.raw.query(`update institutions set status = 'active' where id = $1`, [w.churchB.id]);
  });

  it('a crash between an approval and its release is healed: the recovery releases waiting messages of a wallet that has units', async () => {
    await setBalance(w.churchB.id, 0);
    const phone = nextPhone();
    const sent = await call('admin', 'POST', '/api/sms/campaigns', { recipients: { kind: 'phone', phone }, message: 'Karibu.', institutionId: w.churchB.id });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.settleSms();
    expect(await t.smsInbox(phone)).toEqual([]);
    // The units arrived (the approval committed) but the process died before releasing.
    await setBalance(w.churchB.id, 3);
    expect(await t.providers.sms.recoverQueued()).toBe(1);
    await t.settleSms();
    expect(await t.smsInbox(phone)).toHaveLength(1);
    expect(await smsLeft(w.churchB.id)).toBe(2);
    expect(await t.providers.sms.recoverQueued()).toBe(0);
  });
});
