import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsCampaignDetail, SmsCampaignPage, SmsFailedPage } from '../../domain/api/sms';
import { zones } from '../../server/db/schema/institutions';
import { claimUnsent, dispatchCampaign, writeClaimed } from '../../server/services/sms/campaigns/campaign-dispatch';
import { createCurrency, createOfferingType } from '../factories/desk';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

/**
 * SMS campaigns (issue 14, ADR 051) end to end: recipients resolved and texts rendered per person,
 * the pg-boss dispatch, the wallet (what it cannot pay waits for a top-up), the AT simulator's
 * inbox and delivery reports, resend of the failed, schedules, and who may do what.
 */
describe('SMS campaigns', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;
  let phoneSeq = 0;
  const nextPhone = () => `+2557150${String(++phoneSeq).padStart(5, '0')}`;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t?.close());

  const post = (body: object, role: Role = 'church') => t.app.inject({ method: 'POST', url: '/api/sms/campaigns', headers: headers[role], payload: body });
  const created = async (body: object, role: Role = 'church') => {
    const res = await post(body, role);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; recipients: number; segments: number; cost: number };
  };
  const detail = async (id: number, role: Role = 'church') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/sms/campaigns/${id}`, headers: headers[role] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SmsCampaignDetail;
  };
  const resend = (id: number, role: Role = 'church') => t.app.inject({ method: 'POST', url: `/api/sms/campaigns/${id}/resend-failed`, headers: headers[role] });
  const setBalance = (id: number, n: number) => t.database.raw.query('update institutions set sms_left = $2 where id = $1', [id, n]);
  const smsLeft = async (id: number) => Number((await t.database.raw.query('select sms_left from institutions where id = $1', [id])).rows[0]?.sms_left);

  it('sends a zone (and its sub-zone) a message with placeholders, each in the member\'s language, read in the simulated inbox', async () => {
    const [zone] = await t.database.db.insert(zones).values({ institutionId: w.churchA.id, name: 'Kanda ya Kati' }).returning();
    const [sub] = await t.database.db.insert(zones).values({ institutionId: w.churchA.id, name: 'Kanda ndogo', parentId: zone!.id }).returning();
    const asha = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Asha', lastName: 'Juma', phone: nextPhone(), zoneId: zone!.id });
    const john = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'John', lastName: 'Mark', phone: nextPhone(), zoneId: sub!.id, preferredLanguage: 'en' });
    await createMember(t.database.db, { institutionId: w.churchA.id, phone: nextPhone() }); // no zone: not reached
    const building = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Jengo' });
    const pledge = await t.app.inject({ method: 'POST', url: '/api/pledges', headers: headers.church, payload: { memberId: john.id, offeringTypeId: building.id, total: 5_000_000, dueDate: '2027-01-31' } });
    expect(pledge.statusCode, pledge.body).toBe(201);

    const before = await smsLeft(w.churchA.id);
    const body = await created({ recipients: { kind: 'zone', zoneId: zone!.id }, message: 'Habari {name}, ahadi: {amount} ({dueDate}). {church}' });
    expect(body).toEqual({ id: expect.any(Number), recipients: 2, segments: 1, cost: 2 });
    // Queued for the dispatch job: nothing written or charged yet.
    expect((await detail(body.id)).recipientList.map((r) => r.status)).toEqual(['scheduled', 'scheduled']);

    await t.settleSms();
    expect((await t.smsInbox(asha.phone)).map((sms) => sms.message)).toEqual(['Habari Asha Juma, ahadi:  (). Mwenge Church']);
    const [johns] = await t.smsInbox(john.phone);
    expect(johns?.message).toMatch(/^Habari John Mark, ahadi: TSh 50,000(\.00)? \(31 Jan 2027\)\. Mwenge Church$/);
    expect(await smsLeft(w.churchA.id)).toBe(before - 2);
    const shown = await detail(body.id);
    expect(shown).toMatchObject({ kind: 'zone', target: 'Kanda ya Kati', recipients: 2, cost: 2, counts: { delivered: 2 } });
    expect(shown.dispatchedAt).not.toBeNull();
    expect(shown.recipientList.map((r) => [r.name, r.status, r.attempts])).toEqual([
      ['Asha Juma', 'delivered', 1],
      ['John Mark', 'delivered', 1],
    ]);
  });

  it('a campaign larger than the balance sends what it can in order; the rest waits, and a top-up releases it', async () => {
    const phones = [nextPhone(), nextPhone(), nextPhone()];
    await setBalance(w.churchA.id, 1);
    const body = await created({ recipients: { kind: 'list', phones }, message: 'Ibada ya shukrani Jumapili saa 3 asubuhi.' });
    expect(body).toMatchObject({ recipients: 3, cost: 3 });
    await t.settleSms();
    let shown = await detail(body.id);
    expect(shown.recipientList.map((r) => r.status)).toEqual(['delivered', 'waiting_balance', 'waiting_balance']);
    expect(shown.counts).toMatchObject({ delivered: 1, waiting_balance: 2 });
    expect(await smsLeft(w.churchA.id)).toBe(0);
    expect(await t.smsInbox(phones[1]!)).toEqual([]);

    // Running the dispatch again (a retry, a second replica) writes nothing more.
    expect(await dispatchCampaign({ raw: t.database.raw, sms: t.ctx.sms, now: t.ctx.now }, body.id)).toBe(0);

    expect(await t.providers.sms.topUp({ institutionId: w.churchA.id, amount: 5 })).toEqual({ smsLeft: 3, released: 2 });
    await t.settleSms();
    shown = await detail(body.id);
    expect(shown.recipientList.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered']);
    for (const phone of phones) expect(await t.smsInbox(phone)).toHaveLength(1);
    await setBalance(w.churchA.id, 40);
  });

  it('a crash between claiming and writing is healed by the retry, and two writers of one claim send once', async () => {
    const phone = nextPhone();
    const body = await created({ recipients: { kind: 'phone', phone: `0${phone.slice(4)}` }, message: 'Karibu kwenye ibada.' });
    // Claimed, but the process "died" before writing: the recipient has an id with no message.
    expect(await claimUnsent(t.database.raw, body.id)).toBe(1);
    const deps = { raw: t.database.raw, sms: t.ctx.sms, now: t.ctx.now };
    const written = await Promise.all([writeClaimed(deps, body.id), writeClaimed(deps, body.id)]);
    expect(written.reduce((a, b) => a + b, 0)).toBe(1);
    await t.settleSms();
    expect(await t.smsInbox(phone)).toHaveLength(1);
    expect((await detail(body.id)).recipientList[0]).toMatchObject({ phone, status: 'delivered', attempts: 1 });
  });

  it('a failed delivery shows with its reason; resend-failed sends only the failed, once', async () => {
    const [ok, bad] = [nextPhone(), nextPhone()];
    t.providers.atSimulator?.script(bad, 'deliveryFailed');
    const body = await created({ recipients: { kind: 'list', phones: [ok, bad] }, message: 'Mkutano wa wazazi leo jioni.' });
    await t.settleSms();
    let shown = await detail(body.id);
    expect(shown.recipientList.map((r) => [r.phone, r.status])).toEqual([
      [ok, 'delivered'],
      [bad, 'failed'],
    ]);
    expect(shown.recipientList[1]!.failureReason).toContain('DeliveryFailure');
    const failed = (await t.app.inject({ method: 'GET', url: '/api/sms/failed', headers: headers.church })).json() as SmsFailedPage;
    expect(failed.data[0]).toMatchObject({ receiver: bad, campaignId: body.id, purpose: 'campaign' });

    const res = await resend(body.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resent: 1 });
    // A second press before the job ran: the recipient is no longer failed.
    expect((await resend(body.id)).json()).toEqual({ resent: 0 });
    await t.settleSms();
    shown = await detail(body.id);
    expect(shown.recipientList.map((r) => [r.status, r.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 2],
    ]);
    expect(await t.smsInbox(ok)).toHaveLength(1);
    expect(await t.smsInbox(bad)).toHaveLength(2);
    expect((await resend(body.id)).json()).toEqual({ resent: 0 });
  });

  it('a scheduled campaign is not sent before its time (the pg-boss job waits), then goes out', async () => {
    const phone = nextPhone();
    const scheduleAt = new Date(Date.now() + 3_600_000).toISOString();
    const body = await created({ recipients: { kind: 'phone', phone }, message: 'Kumbusho: harambee kesho.', scheduleAt });
    await t.settleSms();
    const waiting = await detail(body.id);
    expect(waiting).toMatchObject({ scheduleAt, dispatchedAt: null });
    expect(waiting.recipientList[0]!.status).toBe('scheduled');
    expect(await t.smsInbox(phone)).toEqual([]);
    // The hour passes (for the queue).
    await t.database.raw.query(`update pgboss.job set start_after = now() - interval '1 second' where name = 'sms-campaign' and state = 'created'`);
    await t.settleSms();
    expect(await t.smsInbox(phone)).toHaveLength(1);
    expect((await detail(body.id)).recipientList[0]!.status).toBe('delivered');

    const past = await post({ recipients: { kind: 'phone', phone }, message: 'Too late', scheduleAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
  });

  it('pledge recipients: overdue and due this week reach the members whose open pledge is in that window', async () => {
    const type = await createOfferingType(t.database.db, { institutionId: w.churchA.id });
    const late = await createMember(t.database.db, { institutionId: w.churchA.id, phone: nextPhone() });
    const soon = await createMember(t.database.db, { institutionId: w.churchA.id, phone: nextPhone() });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
    for (const [member, due] of [[late, day(-3)], [soon, day(3)]] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/pledges', headers: headers.church, payload: { memberId: member.id, offeringTypeId: type.id, total: 10_000, dueDate: due } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const overdue = await created({ recipients: { kind: 'pledges', due: 'overdue' }, message: 'Deni {amount}' });
    expect((await detail(overdue.id)).recipientList.map((r) => r.phone)).toContain(late.phone);
    expect((await detail(overdue.id)).recipientList.map((r) => r.phone)).not.toContain(soon.phone);
    const week = await created({ recipients: { kind: 'pledges', due: '7d' }, message: 'Ahadi {dueDate}' });
    expect((await detail(week.id)).recipientList.map((r) => r.phone)).toEqual([soon.phone]);
    await t.settleSms();
  });

  it('counts segments as networks do: a curly quote makes a Swahili text UCS-2', async () => {
    const gsm = await created({ recipients: { kind: 'phone', phone: nextPhone() }, message: 'a'.repeat(161) });
    expect(gsm.segments).toBe(2);
    const ucs2 = await created({ recipients: { kind: 'phone', phone: nextPhone() }, message: `Asante kwa “sadaka” ${'a'.repeat(60)}` });
    expect(ucs2.segments).toBe(2);
    await t.settleSms();
  });

  it('lists the scope\'s campaigns newest first by keyset', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/sms/campaigns?limit=2', headers: headers.church });
    const page = first.json() as SmsCampaignPage;
    expect(page.data).toHaveLength(2);
    expect(page.data[0]!.id).toBeGreaterThan(page.data[1]!.id);
    expect(page.nextCursor).toBe(page.data[1]!.id);
    const next = (await t.app.inject({ method: 'GET', url: `/api/sms/campaigns?limit=2&cursor=${page.nextCursor}`, headers: headers.church })).json() as SmsCampaignPage;
    expect(next.data[0]!.id).toBeLessThan(page.nextCursor!);
    // The union sees its churches' campaigns; another church and the mosque do not.
    const union = (await t.app.inject({ method: 'GET', url: '/api/sms/campaigns', headers: headers.union })).json() as SmsCampaignPage;
    expect(union.data.map((c) => c.id)).toContain(page.data[0]!.id);
    const other = (await t.app.inject({ method: 'GET', url: '/api/sms/campaigns', headers: headers.churchB })).json() as SmsCampaignPage;
    expect(other.data).toEqual([]);
  });

  it('authorization: own institution for institution users, an institution in scope for the union and the bank', async () => {
    const phone = nextPhone();
    const mine = await created({ recipients: { kind: 'phone', phone }, message: 'Habari' });
    expect((await t.app.inject({ method: 'GET', url: `/api/sms/campaigns/${mine.id}`, headers: headers.churchB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/sms/campaigns/${mine.id}`, headers: headers.mosque })).statusCode).toBe(404);
    expect((await resend(mine.id, 'churchB')).statusCode).toBe(404);
    expect((await detail(mine.id, 'union')).institution).toBe('Mwenge Church');
    // Another church's institution or zone.
    expect((await post({ recipients: { kind: 'phone', phone }, message: 'x', institutionId: w.churchB.id })).statusCode).toBe(403);
    const [zoneB] = await t.database.db.insert(zones).values({ institutionId: w.churchB.id, name: 'Zone of B' }).returning();
    expect((await post({ recipients: { kind: 'zone', zoneId: zoneB!.id }, message: 'x' })).statusCode).toBe(400);
    // The union sends for a church below it (charged to that church); the bank must name one.
    const byUnion = await created({ recipients: { kind: 'phone', phone }, message: 'Kutoka union', institutionId: w.churchB.id }, 'union');
    expect((await detail(byUnion.id, 'churchB')).institutionId).toBe(w.churchB.id);
    expect((await post({ recipients: { kind: 'phone', phone }, message: 'x' }, 'admin')).statusCode).toBe(400);
    expect((await post({ recipients: { kind: 'phone', phone }, message: 'x', institutionId: w.churchA.id }, 'admin')).statusCode).toBe(201);
    // Branch officers send for their branch's churches only (ADR 057), and must name one.
    expect((await post({ recipients: { kind: 'phone', phone }, message: 'x', institutionId: w.churchA.id }, 'branch')).statusCode).toBe(201);
    expect((await post({ recipients: { kind: 'phone', phone }, message: 'x', institutionId: w.mosque.id }, 'branch')).statusCode).toBe(403);
    expect((await post({ recipients: { kind: 'phone', phone }, message: 'x' }, 'branch')).statusCode).toBe(400);
    // Bad bodies change nothing.
    for (const bad of [
      { recipients: { kind: 'list', phones: ['12'] }, message: 'x' },
      { recipients: { kind: 'phone', phone }, message: 'x'.repeat(1001) },
      { recipients: { kind: 'everyone' }, message: 'x' },
      { recipients: { kind: 'all' }, message: '   ' },
    ]) {
      const res = await post(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    await t.settleSms();
  });
});
