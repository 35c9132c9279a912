import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../server/db/schema/members';
import { transactions } from '../../server/db/schema/money';
import { createMember, createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * The member's name is copied onto each transaction at write time (migration 0023) so search and
 * the list match it without joining members. Whatever writes the row, and whenever the member is
 * renamed or the transaction moves to another member, the copy is the member's current name.
 */
describe("a transaction carries its member's name", () => {
  let t: TestApp;
  let w: World;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    headers = (await signIn(t.app, w.users.church)).headers;
  });
  afterAll(() => t.close());

  const names = async (id: string) => {
    const [row] = await t.database.db.select({ name: transactions.memberName, last: transactions.memberLastName }).from(transactions).where(eq(transactions.id, id));
    return row;
  };
  const search = async (value: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/searchTransaction/7/0', headers, payload: { value } })).json() as { data: Array<{ id: string; member: string }>; count: number };

  it('is set on insert, follows a rename and a change of member, and cannot be written by hand', async () => {
    const db = t.database.db;
    const amina = await createMember(db, { institutionId: w.churchA.id, firstName: 'Amina', lastName: 'Zuberi' });
    const baraka = await createMember(db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Mollel' });
    const tx = await createTransaction(db, { institutionId: w.churchA.id, memberId: amina.id });
    const guest = await createTransaction(db, { institutionId: w.churchA.id, payerName: 'Guest Giver' });
    expect(await names(tx.id)).toEqual({ name: 'Amina Zuberi', last: 'Zuberi' });
    expect(await names(guest.id)).toEqual({ name: null, last: null });

    await db.update(members).set({ firstName: 'Aminata', lastName: 'Said' }).where(eq(members.id, amina.id));
    expect(await names(tx.id)).toEqual({ name: 'Aminata Said', last: 'Said' });
    expect((await search('aminata')).data.map((hit) => [hit.id, hit.member])).toEqual([[tx.id, 'Aminata Said']]);
    expect((await search('zuberi')).count).toBe(0);
    expect((await search('said')).data.map((hit) => hit.id)).toEqual([tx.id]);

    await db.update(transactions).set({ memberId: baraka.id }).where(eq(transactions.id, tx.id));
    expect(await names(tx.id)).toEqual({ name: 'Baraka Mollel', last: 'Mollel' });
    await db.update(transactions).set({ memberName: 'Someone Else', memberLastName: 'Else' }).where(eq(transactions.id, tx.id));
    expect(await names(tx.id)).toEqual({ name: 'Baraka Mollel', last: 'Mollel' });
    await db.update(transactions).set({ memberId: null }).where(eq(transactions.id, tx.id));
    expect(await names(tx.id)).toEqual({ name: null, last: null });
  });

  it("the list's payer filter matches the member's name anywhere in it", async () => {
    const db = t.database.db;
    const member = await createMember(db, { institutionId: w.churchA.id, firstName: 'Rehema', lastName: 'Kisanga' });
    const tx = await createTransaction(db, { institutionId: w.churchA.id, memberId: member.id });
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions?limit=20&offset=0&search=sanga', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Array<{ id: string; payer: string }> };
    expect(body.data.map((row) => [row.id, row.payer])).toEqual([[tx.id, 'Rehema Kisanga']]);
  });
});
