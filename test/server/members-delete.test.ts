import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberListPage } from '../../domain/api/members';
import { members } from '../../server/db/schema/members';
import { users } from '../../server/db/schema/users';
import { createMember, createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];
const IMAM_PHONE = '+255754999001';

describe('deleting a member needs the actor password or a code, and keeps the books', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await t.database.db.update(users).set({ phone: IMAM_PHONE }).where(eq(users.id, w.users.mosque.id));
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const remove = (role: Role, id: number, payload?: object) =>
    t.app.inject({ method: 'DELETE', url: `/api/members/${id}`, headers: headers[role], ...(payload ? { payload } : {}) });
  const isLive = async (id: number) => {
    const [row] = await t.database.db.select({ deletedAt: members.deletedAt }).from(members).where(eq(members.id, id));
    return row?.deletedAt === null;
  };

  it('without a confirmation 400, with a wrong password or code 403, and nothing changes', async () => {
    const member = await createMember(t.database.db, { institutionId: w.mosque.id });
    expect((await remove('mosque', member.id, {})).statusCode).toBe(400);
    expect((await remove('mosque', member.id)).statusCode).toBe(400);
    const wrong = await remove('mosque', member.id, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'confirmation_wrong' });
    expect((await remove('mosque', member.id, { otp: '123456' })).statusCode).toBe(403);
    expect(await isLive(member.id)).toBe(true);
  });

  it('the actor password deletes; the member leaves the list', async () => {
    const member = await createMember(t.database.db, { institutionId: w.mosque.id, firstName: 'Deleted', lastName: 'ByPassword' });
    const res = await remove('mosque', member.id, { password: w.users.mosque.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'deleted' });
    expect(await isLive(member.id)).toBe(false);
    const list = (await t.app.inject({ method: 'GET', url: '/api/members?search=bypassword', headers: headers.mosque })).json() as MemberListPage;
    expect(list.data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/members/${member.id}`, headers: headers.mosque })).statusCode).toBe(404);
  });

  it('a code sent to the actor phone deletes; a member with giving is archived and the ledger keeps the name', async () => {
    const member = await createMember(t.database.db, { institutionId: w.mosque.id, firstName: 'Amina', lastName: 'Juma' });
    const gift = await createTransaction(t.database.db, { institutionId: w.mosque.id, memberId: member.id });
    expect((await t.app.inject({ method: 'POST', url: `/api/members/${member.id}/delete-code`, headers: headers.mosque })).statusCode).toBe(200);
    const code = await t.lastSmsCode(IMAM_PHONE);
    const res = await remove('mosque', member.id, { otp: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'archived' });
    // The code is spent.
    expect((await remove('mosque', member.id, { otp: code })).statusCode).toBe(404);
    const [row] = await t.database.db.select({ memberId: members.id, firstName: members.firstName }).from(members).where(eq(members.id, gift.memberId!));
    expect(row).toEqual({ memberId: member.id, firstName: 'Amina' });
  });

  it('only those granted members:delete, and only within their scope', async () => {
    const churchMember = await createMember(t.database.db, { institutionId: w.churchA.id });
    // The treasurer may edit members but not delete them; the imam (who may) cannot see a church's member.
    expect((await remove('church', churchMember.id, { password: w.users.church.password })).statusCode).toBe(403);
    expect((await remove('mosque', churchMember.id, { password: w.users.mosque.password })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/members/${churchMember.id}/delete-code`, headers: headers.mosque })).statusCode).toBe(404);
    expect(await isLive(churchMember.id)).toBe(true);
  });
});
