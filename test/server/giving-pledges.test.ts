import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledges } from '../../server/db/schema/members';
import { createMember } from '../factories/giving';
import { createTestApp, type TestApp } from './harness';
import { countRows, createGivingWorld, give, type GivingWorld, phoneEnding } from './payments-fixtures';

const MINUTE = 60_000;

/**
 * Issue 14 / ADR 056: the giving page shows a member's open pledges only for the code sent by SMS to
 * that phone, and pays one of them with `pledgeId`.
 */
describe('giving page: pledges behind an SMS code, and paying one', () => {
  let t: TestApp;
  let w: GivingWorld;
  let clock = new Date('2026-11-27T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: { PAYMENT_RATE_PER_IP: '1000', PAYMENT_RATE_PER_PHONE: '1000' } });
    w = await createGivingWorld(t.database.db);
  });
  afterAll(() => t.close());

  let address = 0;
  const freshIp = () => `10.56.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  const post = (url: string, payload: object, ip = freshIp()) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { lang: 'en' } });
  const askCode = (phone: string, institutionId = w.churchA.id, ip?: string) => post('/api/giving/pledges/code', { phone, institutionId }, ip);
  const verify = (phone: string, code: string, institutionId = w.churchA.id, ip?: string) => post('/api/giving/pledges/verify', { phone, institutionId, code }, ip);
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function pledge(memberId: number, values: { institutionId?: number; offeringTypeId?: number; total?: number; due?: string } = {}) {
    const [row] = await t.database.db
      .insert(pledges)
      .values({
        institutionId: values.institutionId ?? w.churchA.id,
        memberId,
        offeringTypeId: values.offeringTypeId ?? w.types.zaka.id,
        total: values.total ?? 5_000_000,
        dueDate: new Date(`${values.due ?? '2026-12-20'}T00:00:00+03:00`),
        createdAt: new Date(clock.getTime() - 60 * MINUTE),
      })
      .returning();
    return row!;
  }
  const paidOf = async (id: number) => (await t.database.db.select({ paid: pledges.paid }).from(pledges).where(eq(pledges.id, id)))[0]!.paid;
  /** A member of Mwenge Church whose phone Selcom's simulator leaves waiting for the handset (last digit 5). */
  const member = (overrides: { phone?: string; institutionId?: number } = {}) =>
    createMember(t.database.db, { institutionId: overrides.institutionId ?? w.churchA.id, phone: overrides.phone ?? phoneEnding(5), preferredLanguage: 'en' });

  it('shows nothing without the code; the code from the phone lists the open pledges once', async () => {
    const m = await member();
    const older = await pledge(m.id, { due: '2026-11-20', total: 3_000_000 });
    const newer = await pledge(m.id, { offeringTypeId: w.types.sadaka.id, due: '2027-01-15' });
    const fulfilled = await pledge(m.id, { total: 100 });
    await t.database.db.update(pledges).set({ paid: 100 }).where(eq(pledges.id, fulfilled.id));

    expect((await verify(m.phone, '123456')).json()).toMatchObject({ code: 'code_invalid' });
    const asked = await askCode(m.phone);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: 'If this number belongs to a member of this church or mosque, we have sent it a code by SMS.', expiresInSeconds: 600 });
    const [sms] = await t.smsInbox(m.phone);
    expect(sms?.message).toContain('Mwenge Church');
    const code = await t.lastSmsCode(m.phone);
    const opened = await verify(m.phone, code);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      pledges: [
        { id: older.id, memberId: m.id, offeringType: { id: w.types.zaka.id, title: 'Zaka' }, currency: 'TZS', total: 3_000_000, paid: 0, remaining: 3_000_000, dueDate: '2026-11-20', overdue: true },
        { id: newer.id, memberId: m.id, offeringType: { id: w.types.sadaka.id, title: 'Sadaka' }, currency: 'TZS', total: 5_000_000, paid: 0, remaining: 5_000_000, dueDate: '2027-01-15', overdue: false },
      ],
    });
    // Single use; the code is stored hashed, never as typed.
    expect((await verify(m.phone, code)).json()).toMatchObject({ code: 'code_invalid' });
    const stored = await t.database.raw.query('select code_hash, user_id from one_time_codes where subject = $1', [m.phone]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.user_id).toBeNull();
    expect(stored.rows[0]!.code_hash).not.toContain(code);
  });

  it('answers an unknown phone exactly like a member, and sends it nothing', async () => {
    const m = await member();
    await pledge(m.id);
    const stranger = phoneEnding(5);
    const known = await askCode(m.phone);
    const unknown = await askCode(stranger);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    // A member of another church asking here is a stranger here too.
    const elsewhere = await member({ institutionId: w.churchB.id });
    expect((await askCode(elsewhere.phone)).json()).toEqual(known.json());
    expect(await t.smsInbox(stranger)).toHaveLength(0);
    expect(await t.smsInbox(elsewhere.phone)).toHaveLength(0);
    const code = await t.lastSmsCode(m.phone);
    const wrongForMember = await verify(m.phone, wrongOf(code));
    const guessForStranger = await verify(stranger, wrongOf(code));
    expect(guessForStranger.statusCode).toBe(400);
    expect(guessForStranger.statusCode).toBe(wrongForMember.statusCode);
    expect(guessForStranger.json()).toEqual(wrongForMember.json());
  });

  it('counts every wrong code: after 5 the code is dead, answering like any wrong code', async () => {
    const m = await member();
    await pledge(m.id);
    await askCode(m.phone);
    const code = await t.lastSmsCode(m.phone);
    for (let i = 0; i < 5; i++) expect((await verify(m.phone, wrongOf(code))).json()).toMatchObject({ code: 'code_invalid' });
    const attempts = await t.database.raw.query('select attempts from one_time_codes where subject = $1', [m.phone]);
    expect(attempts.rows[0]!.attempts).toBe(5);
    expect((await verify(m.phone, code)).json()).toMatchObject({ code: 'code_invalid' });
  });

  it('compares at most 5 guesses of a parallel burst (the attempt is claimed before the comparison)', async () => {
    const m = await member();
    await askCode(m.phone);
    const code = await t.lastSmsCode(m.phone);
    const burst = await Promise.all([...Array.from({ length: 8 }, () => verify(m.phone, wrongOf(code))), verify(m.phone, code)]);
    const attempts = await t.database.raw.query('select attempts from one_time_codes where subject = $1', [m.phone]);
    expect(attempts.rows[0]!.attempts).toBeLessThanOrEqual(5);
    // The right code won only if it was compared among the first five.
    expect(burst.filter((res) => res.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it('locks a phone after 10 wrong codes from any address, and an address after 20 (423), other phones unaffected', async () => {
    const m = await member();
    await pledge(m.id);
    for (let round = 0; round < 2; round++) {
      await askCode(m.phone);
      const code = await t.lastSmsCode(m.phone);
      for (let i = 0; i < 5; i++) await verify(m.phone, wrongOf(code));
    }
    clock = new Date(clock.getTime() + MINUTE);
    await askCode(m.phone);
    const fresh = await t.lastSmsCode(m.phone);
    const locked = await verify(m.phone, fresh);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ code: 'phone_locked', message: 'Too many wrong codes for this phone number. Wait 15 minutes, then ask for a new code.' });
    // A stranger's number locks the same way: the lock says nothing about membership.
    const stranger = phoneEnding(5);
    for (let i = 0; i < 10; i++) await verify(stranger, '000000');
    expect((await verify(stranger, '000000')).json()).toMatchObject({ code: 'phone_locked' });

    const ip = freshIp();
    for (let i = 0; i < 20; i++) await verify(phoneEnding(5), '000000', w.churchA.id, ip);
    const other = await member();
    await askCode(other.phone);
    const otherCode = await t.lastSmsCode(other.phone);
    expect((await verify(other.phone, otherCode, w.churchA.id, ip)).json()).toMatchObject({ code: 'network_locked' });
    expect((await verify(other.phone, otherCode)).statusCode).toBe(200);
  });

  it('logs a code sent, a wrong code and a lock in the activity log, never the code nor the phone', async () => {
    const m = await member();
    await pledge(m.id);
    const ip = freshIp();
    const entries = async () =>
      (await t.database.raw.query(`select action, entity_type, entity_id, details, ip_address from activity_log where ip_address = $1 order by id`, [ip])).rows;
    await askCode(m.phone, w.churchA.id, ip);
    const code = await t.lastSmsCode(m.phone);
    // An unknown phone gets no code, so nothing is logged as sent for it.
    await askCode(phoneEnding(5), w.churchA.id, ip);
    await verify(m.phone, wrongOf(code), w.churchA.id, ip);
    expect(await entries()).toEqual([
      { action: 'pledge.code_sent', entity_type: 'member', entity_id: String(m.id), details: null, ip_address: ip },
      { action: 'pledge.code_refused', entity_type: 'institution', entity_id: String(w.churchA.id), details: 'otp_invalid', ip_address: ip },
    ]);
    // The right code opens the list and logs no refusal.
    expect((await verify(m.phone, code, w.churchA.id, ip)).statusCode).toBe(200);
    expect(await entries()).toHaveLength(2);
    // Ten wrong codes for a stranger's phone from this address; the eleventh finds the phone locked.
    const stranger = phoneEnding(5);
    for (let i = 0; i < 10; i++) await verify(stranger, '000000', w.churchA.id, ip);
    expect((await verify(stranger, '000000', w.churchA.id, ip)).statusCode).toBe(423);
    const logged = await entries();
    expect(logged.at(-1)).toEqual({ action: 'pledge.code_locked', entity_type: 'institution', entity_id: String(w.churchA.id), details: 'phone_locked', ip_address: ip });
    expect(logged.filter((row) => row.action === 'pledge.code_refused')).toHaveLength(11);
    for (const row of logged) {
      expect(JSON.stringify(row)).not.toContain(code);
      expect(JSON.stringify(row)).not.toContain(stranger.slice(-6));
      expect(JSON.stringify(row)).not.toContain(m.phone.slice(-6));
    }
  });

  it('limits code requests per phone and per address (429 with Retry-After)', async () => {
    const phone = phoneEnding(5);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await askCode(phone)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const ip = freshIp();
    const fromOne = [];
    for (let i = 0; i < 11; i++) fromOne.push(await askCode(phoneEnding(5), w.churchA.id, ip));
    expect(fromOne.map((res) => res.statusCode)).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
    expect(Number(fromOne[10]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('expires a code after 10 minutes', async () => {
    const m = await member();
    await askCode(m.phone);
    const code = await t.lastSmsCode(m.phone);
    clock = new Date(clock.getTime() + 11 * MINUTE);
    expect((await verify(m.phone, code)).json()).toMatchObject({ code: 'code_invalid' });
  });

  it("never shows another church's pledges: the code is bound to one congregation", async () => {
    const phone = phoneEnding(5);
    const atA = await member({ phone });
    const atB = await member({ phone, institutionId: w.churchB.id });
    const mine = await pledge(atA.id);
    await pledge(atB.id, { institutionId: w.churchB.id, offeringTypeId: w.types.sinza.id });
    await askCode(phone);
    const code = await t.lastSmsCode(phone);
    expect((await verify(phone, code, w.churchB.id)).json()).toMatchObject({ code: 'code_invalid' });
    const opened = await verify(phone, code);
    expect((opened.json() as { pledges: Array<{ id: number }> }).pledges.map((p) => p.id)).toEqual([mine.id]);
  });

  it("pays the named pledge only, and only once the payment completes", async () => {
    const m = await member();
    const first = await pledge(m.id, { due: '2026-12-01', total: 2_000_000 });
    const named = await pledge(m.id, { due: '2027-02-01', total: 3_000_000 });
    const res = await give(t, { institutionId: w.churchA.id, phone: m.phone, method: 'mobile', lines: [{ offeringTypeId: w.types.zaka.id, amount: 1_200_000 }], currency: 'TZS', memberId: m.id, pledgeId: named.id } as Parameters<typeof give>[1]);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const lines = await t.database.raw.query('select pledge_id from transaction_lines where transaction_id = $1', [id]);
    expect(lines.rows.map((line) => line.pledge_id)).toEqual([named.id]);
    await t.settlePayments();
    expect([await paidOf(first.id), await paidOf(named.id)]).toEqual([0, 0]);
    expect(await t.selcom!.answer(id, 'accept')).toBe(true);
    await t.settlePayments();
    // Without the pledgeId the older pledge of the same type would have been paid first (ADR 027).
    expect([await paidOf(first.id), await paidOf(named.id)]).toEqual([0, 1_200_000]);
  });

  it('refuses a pledge that is not an open one of this member here, for this offering type, with one answer and no row', async () => {
    const m = await member();
    const someoneElse = await member();
    const open = await pledge(m.id);
    const others = await pledge(someoneElse.id);
    const done = await pledge(m.id, { total: 100 });
    await t.database.db.update(pledges).set({ paid: 100 }).where(eq(pledges.id, done.id));
    const base = { institutionId: w.churchA.id, phone: m.phone, method: 'mobile' as const, lines: [{ offeringTypeId: w.types.zaka.id, amount: 100_000 }], currency: 'TZS', memberId: m.id };
    const cases = [
      { ...base, pledgeId: others.id },
      { ...base, pledgeId: done.id },
      { ...base, pledgeId: 2_000_000_000 },
      { ...base, pledgeId: open.id, lines: [{ offeringTypeId: w.types.sadaka.id, amount: 100_000 }] },
      { ...base, pledgeId: open.id, memberId: undefined },
    ];
    const before = await countRows(t, 'transactions');
    for (const body of cases) {
      const res = await give(t, body as Parameters<typeof give>[1], { headers: { lang: 'en' } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message: 'This pledge cannot be paid with this payment: choose one of your open pledges at this church or mosque and its offering type.' });
    }
    expect(await countRows(t, 'transactions')).toBe(before);
  });
});
