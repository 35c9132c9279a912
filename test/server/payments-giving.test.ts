import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions } from '../../server/db/schema/institutions';
import { createMember } from '../factories/giving';
import { createTestApp, type TestApp } from './harness';
import { countRows, createGivingWorld, give, type GivingWorld, mobileGift, paymentStatus, phoneEnding } from './payments-fixtures';

/** The public giving page's contract: look-ups, and every refusal of POST /payments is a clear localised 4xx that writes nothing. */
describe('payments: public giving', () => {
  let t: TestApp;
  let w: GivingWorld;

  beforeAll(async () => {
    t = await createTestApp({ env: { LOOKUP_RATE_PER_IP: '5', PAYMENT_RATE_PER_IP: '1000', PAYMENT_RATE_PER_PHONE: '3' } });
    w = await createGivingWorld(t.database.db);
  });
  afterAll(() => t.close());

  let ip = 0;
  const freshIp = () => `10.77.0.${++ip}`;

  it('phone look-up: a member is greeted with a partly masked name and their church; an unknown number is not found', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Neema', lastName: 'Mushi', phone: '+255754111222', preferredLanguage: 'en' });
    const res = await t.app.inject({ method: 'POST', url: '/api/giving/lookup-phone', payload: { phone: '+255754111222' }, remoteAddress: freshIp() });
    expect(res.json()).toEqual({
      found: true,
      members: [{ memberId: member.id, maskedName: 'Ne••• Mu•••', preferredLanguage: 'en', institution: { id: w.churchA.id, title: 'Mwenge Church', code: w.churchA.code } }],
    });
    expect(res.body).not.toContain('Neema');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/giving/lookup-phone', payload: { phone: '+255754999888' }, remoteAddress: freshIp() });
    expect(unknown.json()).toEqual({ found: false, members: [] });
    const bad = await t.app.inject({ method: 'POST', url: '/api/giving/lookup-phone', headers: { lang: 'en' }, payload: { phone: '0754' }, remoteAddress: freshIp() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Enter a valid phone number' });
  });

  it('institution search by name or code: active churches and mosques only, with offering types and whether they have a bank account', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/giving/institutions?search=mwenge', headers: { lang: 'en' }, remoteAddress: freshIp() });
    const data = (res.json() as { data: Array<{ id: number; offeringTypes: Array<{ title: string }>; hasBankAccount: boolean; religion: string }> }).data;
    expect(data.map((i) => i.id)).toEqual([w.churchA.id]);
    expect(data[0]).toMatchObject({ hasBankAccount: true, religion: 'Christianity', offeringTypes: [{ title: 'Sadaka' }, { title: 'Zaka' }] });
    const byCode = await t.app.inject({ method: 'GET', url: `/api/giving/institutions?search=${w.mosque.code.toLowerCase()}`, remoteAddress: freshIp() });
    expect((byCode.json() as { data: Array<{ id: number }> }).data.map((i) => i.id)).toEqual([w.mosque.id]);
    // The union holds no members: not a place to give to.
    const union = await t.app.inject({ method: 'GET', url: '/api/giving/institutions?search=Coast Union', remoteAddress: freshIp() });
    expect((union.json() as { data: unknown[] }).data).toEqual([]);
    await t.database.db.update(institutions).set({ status: 'disabled' }).where(eq(institutions.id, w.churchB.id));
    const disabled = await t.app.inject({ method: 'GET', url: '/api/giving/institutions?search=Sinza', remoteAddress: freshIp() });
    expect((disabled.json() as { data: unknown[] }).data).toEqual([]);
    await t.database.db.update(institutions).set({ status: 'active' }).where(eq(institutions.id, w.churchB.id));
    const one = await t.app.inject({ method: 'GET', url: `/api/giving/institutions/${w.district.id}`, remoteAddress: freshIp() });
    expect(one.json()).toMatchObject({ id: w.district.id, offeringTypes: [], hasBankAccount: false });
  });

  it('look-ups are rate limited per address (429, localised)', async () => {
    const address = freshIp();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await t.app.inject({ method: 'GET', url: '/api/giving/institutions?search=mw', headers: { lang: 'en' }, remoteAddress: address }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    // Told when the one-minute window closes.
    const retryAfter = Number(answers[5]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it.each([
    ['an unknown institution', (b: ReturnType<typeof mobileGift>) => ({ ...b, institutionId: 999_999 }), 'The church or mosque was not found'],
    ['an offering type of another church', (b: ReturnType<typeof mobileGift>) => ({ ...b, lines: [{ offeringTypeId: w.types.sinza.id, amount: 1000 }] }), 'This offering type does not belong to the church or mosque'],
    ['a church without offering types', (b: ReturnType<typeof mobileGift>) => ({ ...b, institutionId: w.district.id }), 'Offerings is not set, contact church/mosque admin'],
    ['a number of no supported network', (b: ReturnType<typeof mobileGift>) => ({ ...b, phone: '+255662123456' }), 'Mobile money works with Tanzanian numbers of Vodacom, Yas (Tigo), Airtel, Halotel and TTCL'],
    ['mobile money in dollars', (b: ReturnType<typeof mobileGift>) => ({ ...b, currency: 'USD' }), 'Mobile money payments are in TZS only'],
    ['a bank transfer to a church without an account', (b: ReturnType<typeof mobileGift>) => ({ ...b, method: 'bank' as const, currency: 'USD' }), 'No bank account found'],
    ['a zero amount', (b: ReturnType<typeof mobileGift>) => ({ ...b, lines: [{ offeringTypeId: w.types.sadaka.id, amount: 0 }] }), 'Amount is not valid'],
    ['the same offering type twice', (b: ReturnType<typeof mobileGift>) => ({ ...b, lines: [b.lines[0]!, b.lines[0]!] }), 'Each offering type may appear only once'],
    ['a member who is not this phone', (b: ReturnType<typeof mobileGift>) => ({ ...b, memberId: 1 }), 'This member is not registered with this phone number at this church or mosque'],
    ['a badly written phone', (b: ReturnType<typeof mobileGift>) => ({ ...b, phone: '12345' }), 'Enter a valid phone number'],
  ])('refuses %s with a clear 400 and writes nothing', async (_name, change, message) => {
    const before = await countRows(t, 'transactions');
    const res = await give(t, change(mobileGift(w, phoneEnding(5))), { headers: { lang: 'en' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect(await countRows(t, 'transactions')).toBe(before);
  });

  it('a member giving from their own phone is recorded as that member', async () => {
    const phone = phoneEnding(5, '65');
    const member = await createMember(t.database.db, { institutionId: w.churchA.id, phone });
    const res = await give(t, { ...mobileGift(w, phone), memberId: member.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ operator: 'tigo' });
    const { rows } = await t.database.raw.query(`select member_id, payer_name from transactions where id = $1`, [(res.json() as { id: string }).id]);
    expect(rows[0]).toEqual({ member_id: member.id, payer_name: `${member.firstName} ${member.lastName}` });
  });

  it('one phone gets at most PAYMENT_RATE_PER_PHONE pushes per 15 minutes, whoever asks', async () => {
    const phone = phoneEnding(5);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await give(t, mobileGift(w, phone), { ip: freshIp() })).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
  });

  it('the status of an unknown or malformed payment id is a 404 / 400, never a hint', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/6f1c2a55-8c4e-4b8f-9d55-3c2f7c9f0a11' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/not-a-uuid' })).statusCode).toBe(400);
    const created = await give(t, mobileGift(w, phoneEnding(5, '62')));
    const view = await paymentStatus(t, (created.json() as { id: string }).id);
    expect(view).toMatchObject({ status: 'pending', amount: 1_333_300 });
    expect(JSON.stringify(view)).not.toMatch(/\+25562\d{7}/);
  });
});
