import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../server/db/schema/members';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

describe('changing a member phone needs the code sent to the new number', () => {
  let t: TestApp;
  let w: World;
  let clock = new Date('2026-11-27T09:00:00Z');
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const start = (role: Role, id: number, phone: unknown) => t.app.inject({ method: 'POST', url: `/api/members/${id}/phone-change`, headers: headers[role], payload: { phone } });
  const confirm = (role: Role, id: number, code: unknown) => t.app.inject({ method: 'POST', url: `/api/members/${id}/phone-change/confirm`, headers: headers[role], payload: { code } });
  const phoneOf = async (id: number) => (await t.database.db.select({ phone: members.phone }).from(members).where(eq(members.id, id)))[0]?.phone;
  let n = 0;
  const newPhone = () => `+25571477${String(++n).padStart(4, '0')}`;
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('the new number gets a code; only the code applies the change, and the old number gets a notice', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id, preferredLanguage: 'en' });
    const phone = newPhone();
    const started = await start('church', member.id, phone);
    expect(started.statusCode).toBe(200);
    expect(Date.parse(started.json().expiresAt) - clock.getTime()).toBe(10 * 60_000);
    // Nothing changes before the code comes back.
    expect(await phoneOf(member.id)).toBe(member.phone);
    const [sms] = await t.smsInbox(phone);
    expect(sms?.message).toContain('Mwenge Church');
    const code = await t.lastSmsCode(phone);
    const done = await confirm('church', member.id, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: member.id, phone });
    expect(await phoneOf(member.id)).toBe(phone);
    const [notice] = await t.smsInbox(member.phone);
    expect(notice?.message).toContain(phone);
    // Single use.
    expect((await confirm('church', member.id, code)).json()).toMatchObject({ code: 'code_invalid' });
  });

  it('a wrong code changes nothing, and after 5 wrong tries even the right one is refused', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    const phone = newPhone();
    await start('church', member.id, phone);
    const code = await t.lastSmsCode(phone);
    for (let i = 0; i < 4; i++) {
      const wrong = await confirm('church', member.id, wrongOf(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'code_invalid' });
    }
    expect((await confirm('church', member.id, wrongOf(code))).json()).toMatchObject({ code: 'code_locked' });
    expect((await confirm('church', member.id, code)).json()).toMatchObject({ code: 'code_locked' });
    expect(await phoneOf(member.id)).toBe(member.phone);
  });

  it('parallel guesses never compare more than 5 times', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    const phone = newPhone();
    await start('church', member.id, phone);
    const code = await t.lastSmsCode(phone);
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm('church', member.id, wrongOf(code))));
    expect(answers.filter((res) => res.json().code === 'code_invalid').length).toBeLessThanOrEqual(4);
    expect((await confirm('church', member.id, code)).json()).toMatchObject({ code: 'code_locked' });
  });

  it('an expired code is refused; a new start replaces the old code', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    const first = newPhone();
    await start('church', member.id, first);
    const oldCode = await t.lastSmsCode(first);
    clock = new Date(clock.getTime() + 10 * 60_000 + 1);
    expect((await confirm('church', member.id, oldCode)).json()).toMatchObject({ code: 'code_invalid' });
    const second = newPhone();
    await start('church', member.id, second);
    const secondCode = await t.lastSmsCode(second);
    if (secondCode !== oldCode) expect((await confirm('church', member.id, oldCode)).statusCode).toBe(400);
    expect((await confirm('church', member.id, secondCode)).statusCode).toBe(200);
    // The number that changes is the one that received the code.
    expect(await phoneOf(member.id)).toBe(second);
  });

  it('refuses the same number, a number another member of the church has, and bad bodies', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    const other = await createMember(t.database.db, { institutionId: w.churchA.id });
    expect((await start('church', member.id, member.phone)).statusCode).toBe(422);
    const taken = await start('church', member.id, other.phone);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'phone_taken' });
    expect((await start('church', member.id, '0712')).statusCode).toBe(400);
    expect((await confirm('church', member.id, 'abc')).statusCode).toBe(400);
    expect(await phoneOf(member.id)).toBe(member.phone);
  });

  it('the code belongs to the actor who started it, and only staff in scope with members:update may', async () => {
    const member = await createMember(t.database.db, { institutionId: w.churchA.id });
    const phone = newPhone();
    // The imam never reaches a church's member; bank staff only read.
    expect((await start('mosque', member.id, phone)).statusCode).toBe(404);
    expect((await start('admin', member.id, phone)).statusCode).toBe(403);
    expect((await start('churchB', member.id, phone)).statusCode).toBe(404);
    await start('church', member.id, phone);
    const code = await t.lastSmsCode(phone);
    // The union administrator sees the member but did not start this change.
    expect((await confirm('union', member.id, code)).json()).toMatchObject({ code: 'code_invalid' });
    expect(await phoneOf(member.id)).toBe(member.phone);
  });
});
