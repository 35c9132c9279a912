import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GivingMemberInput } from '../../domain/api/giving-members';
import type { KnownGiver } from '../../domain/api/payments';
import { fieldLabels, messages } from '../../domain/messages';
import { activityLog } from '../../server/db/schema/auth';
import { institutions } from '../../server/db/schema/institutions';
import { members } from '../../server/db/schema/members';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createTestApp, type TestApp } from './harness';
import { createGivingWorld, give, type GivingWorld, mobileGift } from './payments-fixtures';

const REGISTER = '/api/giving/members';
const RATE_LIMIT = 3;

let phoneSeq = 0;
/** Valid, distinct Tanzanian mobile numbers (Airtel 078x), ending in 5 so a push to them simply waits. */
const nextPhone = () => `+25578${String(++phoneSeq).padStart(6, '0')}5`;
let ipSeq = 0;
/** Each request from its own address unless a test is about the per-address limit. */
const freshIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** POST /api/giving/members (online member registration from the public giving page). */
describe('giving: online member registration', () => {
  let t: TestApp;
  let w: GivingWorld;

  beforeAll(async () => {
    t = await createTestApp({ env: { GIVING_REGISTRATION_RATE_PER_IP: String(RATE_LIMIT) } });
    w = await createGivingWorld(t.database.db);
  });
  afterAll(() => t.close());

  const form = (overrides: Partial<GivingMemberInput> = {}): GivingMemberInput => ({
    institutionId: w.churchA.id,
    firstName: 'Neema',
    lastName: 'Mushi',
    phone: nextPhone(),
    email: 'neema.mushi@example.co.tz',
    gender: 'female',
    preferredLanguage: 'en',
    country: 'TZ',
    addressOne: 'Plot 12, Mwenge Road',
    city: 'Dar es Salaam',
    state: 'Dar es Salaam',
    postalCode: '14113',
    ...overrides,
  });
  const register = (payload: unknown, options: { lang?: string; ip?: string } = {}) =>
    t.app.inject({ method: 'POST', url: REGISTER, headers: options.lang ? { lang: options.lang } : {}, payload: payload as object, remoteAddress: options.ip ?? freshIp() });
  const counts = async () => ({
    members: (await t.database.db.select({ id: members.id }).from(members)).length,
    activity: (await t.database.db.select({ id: activityLog.id }).from(activityLog).where(eq(activityLog.action, 'member.registered'))).length,
  });
  const swLabel = (key: keyof typeof fieldLabels) => t.ctx.translator.t('sw', fieldLabels[key]);

  it('creates the member with the next member code, logs it, and answers as a phone look-up would so giving goes on as that member', async () => {
    const body = form({ firstName: ' Neema ', email: ' neema@example.co.tz ' });
    const res = await register(body, { ip: '10.87.0.1' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as KnownGiver;
    expect(answer).toEqual({
      memberId: expect.any(Number),
      maskedName: 'Ne••• Mu•••',
      preferredLanguage: 'en',
      institution: { id: w.churchA.id, title: 'Mwenge Church', code: w.churchA.code },
    });
    expect(res.body).not.toContain('Neema');

    const [row] = await t.database.db.select().from(members).where(eq(members.id, answer.memberId));
    expect(row).toMatchObject({
      institutionId: w.churchA.id,
      zoneId: null,
      code: `${w.churchA.code}-0001`,
      firstName: 'Neema',
      lastName: 'Mushi',
      phone: body.phone,
      email: 'neema@example.co.tz',
      gender: 'female',
      preferredLanguage: 'en',
      country: 'TZ',
      addressOne: 'Plot 12, Mwenge Road',
      city: 'Dar es Salaam',
      state: 'Dar es Salaam',
      postalCode: '14113',
      createdBy: null,
      clientId: null,
      deletedAt: null,
    });
    const [log] = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, String(answer.memberId)));
    expect(log).toMatchObject({ userId: null, action: 'member.registered', entityType: 'member', details: `${w.churchA.code}-0001 online`, ipAddress: '10.87.0.1' });

    // The next registration takes the next code; the look-up now knows the phone.
    const second = await register(form());
    expect(second.statusCode).toBe(201);
    const [next] = await t.database.db.select().from(members).where(eq(members.id, (second.json() as KnownGiver).memberId));
    expect(next?.code).toBe(`${w.churchA.code}-0002`);
    const lookup = await t.app.inject({ method: 'POST', url: '/api/giving/lookup-phone', payload: { phone: body.phone }, remoteAddress: freshIp() });
    expect(lookup.json()).toEqual({ found: true, members: [answer] });

    // Giving goes on as the new member, and the church's desk sees the member in its cache.
    const gift = await give(t, { ...mobileGift(w, body.phone), memberId: answer.memberId }, { ip: freshIp() });
    expect(gift.statusCode, gift.body).toBe(201);
    const { rows } = await t.database.raw.query(`select member_id from transactions where id = $1`, [(gift.json() as { id: string }).id]);
    expect(rows[0]).toEqual({ member_id: answer.memberId });
    const desk = await t.app.inject({ method: 'GET', url: `/api/members/cache?institutionId=${w.churchA.id}`, headers: (await signIn(t.app, w.users.church)).headers });
    expect((desk.json() as { data: Array<{ id: number; code: string }> }).data).toContainEqual(expect.objectContaining({ id: answer.memberId, code: `${w.churchA.code}-0001` }));
  });

  const requiredFields = ['institutionId', 'firstName', 'lastName', 'phone', 'email', 'gender', 'preferredLanguage', 'addressOne', 'city', 'state', 'postalCode'] as const;

  it.each(requiredFields)('a missing or blank %s is "<field> can not be empty", in English and Swahili, and nothing is written', async (field) => {
    const before = await counts();
    const missing = { ...form() } as Record<string, unknown>;
    delete missing[field];
    const en = await register(missing, { lang: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: 'validation', message: `${fieldLabels[field].message} can not be empty`, fields: [{ path: field }] });
    const sw = await register(missing, { lang: 'sw' });
    expect(sw.json()).toMatchObject({ message: `${swLabel(field)} haiwezi kuwa tupu` });
    if (field !== 'institutionId') {
      const blank = await register({ ...form(), [field]: '   ' }, { lang: 'en' });
      expect(blank.json()).toMatchObject({ message: `${fieldLabels[field].message} can not be empty`, fields: [{ path: field }] });
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['a name instead of a code', 'Tanzania'],
  ])('a country that is %s is "Please select country" (English and Swahili)', async (_name, country) => {
    const before = await counts();
    const body = { ...form(), country } as Record<string, unknown>;
    expect((await register(body, { lang: 'en' })).json()).toMatchObject({ message: 'Please select country', fields: [{ path: 'country' }] });
    expect((await register(body, { lang: 'sw' })).json()).toMatchObject({ message: 'Tafadhali chagua nchi' });
    expect(await counts()).toEqual(before);
  });

  it('a postal code with letters "needs to be digits"; a bad email and a bad phone say so (English and Swahili)', async () => {
    const before = await counts();
    const letters = form({ postalCode: '14a13' });
    expect((await register(letters, { lang: 'en' })).json()).toMatchObject({ message: 'Postal code needs to be digits', fields: [{ path: 'postalCode' }] });
    expect((await register(letters, { lang: 'sw' })).json()).toMatchObject({ message: `${swLabel('postalCode')} lazima iwe tarakimu` });
    expect((await register(form({ email: 'neema@' }), { lang: 'en' })).json()).toMatchObject({ message: 'Enter a valid email address', fields: [{ path: 'email' }] });
    expect((await register(form({ phone: '0754' }), { lang: 'en' })).json()).toMatchObject({ message: 'Enter a valid phone number', fields: [{ path: 'phone' }] });
    expect((await register(form({ gender: 'other' as 'male' }), { lang: 'en' })).json()).toMatchObject({ message: 'Gender is not valid' });
    expect(await counts()).toEqual(before);
  });

  it('a phone that is already a member there is a 409 naming only the church, in English and Swahili, with nothing added', async () => {
    const existing = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Mollel', code: 'MWG-0900', phone: nextPhone() });
    const before = await counts();
    const en = await register(form({ phone: existing.phone, firstName: 'Someone', lastName: 'Else' }), { lang: 'en' });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({
      statusCode: 409,
      code: 'phone_taken',
      message: 'This phone number is already registered as a member of Mwenge Church. Go back and enter it to give as that member.',
      fields: [{ path: 'phone', message: 'This phone number is already registered as a member of Mwenge Church. Go back and enter it to give as that member.' }],
    });
    const sw = await register(form({ phone: existing.phone }), { lang: 'sw' });
    expect(sw.statusCode).toBe(409);
    expect((sw.json() as { message: string }).message).toBe(t.ctx.translator.t('sw', messages.paymentsMemberPhoneRegistered, { institution: 'Mwenge Church' }));
    for (const res of [en, sw]) {
      expect(res.body).not.toMatch(/Baraka|Mollel|MWG-0900/);
      expect(res.body).not.toContain(String(existing.id));
    }
    expect(await counts()).toEqual(before);

    // The same phone at another church, or of a member who was deleted, is no conflict.
    expect((await register(form({ phone: existing.phone, institutionId: w.churchB.id }))).statusCode).toBe(201);
    const gone = await createMember(t.database.db, { institutionId: w.churchA.id, phone: nextPhone(), deletedAt: new Date() });
    expect((await register(form({ phone: gone.phone }))).statusCode).toBe(201);
  });

  it('two registrations of one phone at the same moment make one member and one 409', async () => {
    const phone = nextPhone();
    const answers = await Promise.all([register(form({ phone })), register(form({ phone })), register(form({ phone }))]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.database.db.select().from(members).where(eq(members.phone, phone))).toHaveLength(1);
  });

  it('refuses an institution that is not active, holds no members or does not exist, with nothing written', async () => {
    const before = await counts();
    await t.database.db.update(institutions).set({ status: 'disabled' }).where(eq(institutions.id, w.churchB.id));
    try {
      const disabled = await register(form({ institutionId: w.churchB.id }), { lang: 'en' });
      expect(disabled.statusCode).toBe(400);
      expect(disabled.json()).toMatchObject({
        code: 'registration_closed',
        message: 'This church or mosque is not accepting member registrations at the moment',
        fields: [{ path: 'institutionId' }],
      });
      const sw = await register(form({ institutionId: w.churchB.id }), { lang: 'sw' });
      expect((sw.json() as { message: string }).message).toBe(t.ctx.translator.t('sw', messages.paymentsRegistrationClosed));
    } finally {
      await t.database.db.update(institutions).set({ status: 'active' }).where(eq(institutions.id, w.churchB.id));
    }
    // A union holds no members: not a place to register.
    expect((await register(form({ institutionId: w.union.id }), { lang: 'en' })).json()).toMatchObject({ code: 'registration_closed' });
    const unknown = await register(form({ institutionId: 999_999 }), { lang: 'en' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'institution_not_found', message: 'The church or mosque was not found' });
    expect(await counts()).toEqual(before);
  });

  it(`is rate limited per address (${RATE_LIMIT} per 15 minutes, localised 429), apart from the look-ups`, async () => {
    const address = '10.89.0.1';
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) codes.push((await register(form(), { ip: address, lang: 'en' })).statusCode);
    expect(codes).toEqual([...Array<number>(RATE_LIMIT).fill(201), 429]);
    const before = await counts();
    const limited = await register(form(), { ip: address, lang: 'sw' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: t.ctx.translator.t('sw', messages.tooManyRequests) });
    expect((limited.json() as { message: string }).message).not.toBe(messages.tooManyRequests.message);
    expect(await counts()).toEqual(before);
    // Another address still registers, and this one may still look things up.
    expect((await register(form(), { ip: '10.89.0.2' })).statusCode).toBe(201);
    const lookup = await t.app.inject({ method: 'POST', url: '/api/giving/lookup-phone', payload: { phone: nextPhone() }, remoteAddress: address });
    expect(lookup.statusCode).toBe(200);
  });
});
