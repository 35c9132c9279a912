import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PledgeDetail, PledgePage } from '../../domain/api/pledges';
import { pledges } from '../../server/db/schema/members';
import { ledgerEntries, transactionLines, transactions } from '../../server/db/schema/money';
import { createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { createMember, createTransaction, type Member } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

describe('pledges: created, counted from money received, listed by due date', () => {
  let t: TestApp;
  let w: World;
  let building: OfferingTypeRow;
  let tithe: OfferingTypeRow;
  let member: Member;
  const headers = {} as Record<Role, Record<string, string>>;
  // 10:00 in Dar es Salaam on Sunday 15 March 2026.
  const clock = new Date('2026-03-15T07:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    building = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Jengo' });
    tithe = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Zaka' });
    member = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Mwita' });
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const create = (body: object, role: Role = 'church') => t.app.inject({ method: 'POST', url: '/api/pledges', headers: headers[role], payload: body });
  const detail = async (id: number, role: Role = 'church') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pledges/${id}`, headers: headers[role] });
    expect(res.statusCode).toBe(200);
    return res.json() as PledgeDetail;
  };
  const list = async (query: string, role: Role = 'church') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pledges?${query}`, headers: headers[role] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PledgePage;
  };
  const pledge = async (total: number, dueDate: string, extra: object = {}, who: Member = member) => {
    const res = await create({ memberId: who.id, offeringTypeId: building.id, total, dueDate, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; total: number; paid: number; remaining: number; dueDate: string };
  };
  const cash = (who: Member, lines: Array<{ offeringTypeId: number; amount: number; pledgeId?: number }>) =>
    sync(t.app, 'cash-receipts', headers.church, [receiptEntry({ institutionId: w.churchA.id, memberId: who.id, lines })]);

  it('POST answers 201 with the fixed fields; paid starts at 0 and the due date is the day given', async () => {
    const res = await create({ memberId: member.id, offeringTypeId: building.id, total: 5_000_000, dueDate: '2026-04-30', paymentMethod: 'cash', note: 'Jengo la kanisa' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), total: 5_000_000, paid: 0, remaining: 5_000_000, dueDate: '2026-04-30' });
    const [row] = await t.database.db.select().from(pledges).where(eq(pledges.id, body.id));
    // Stored as the start of that day in East Africa Time.
    expect(row!.dueDate.toISOString()).toBe('2026-04-29T21:00:00.000Z');
    const shown = await detail(body.id);
    expect(shown).toMatchObject({ memberName: 'Baraka Mwita', offeringTypeTitle: 'Jengo', note: 'Jengo la kanisa', remindedAt: null, payments: [], reminders: [], state: 'open' });
  });

  it('refuses a member or offering type outside the caller\'s church, and callers without the pledge grant', async () => {
    const other = await createMember(t.database.db, { institutionId: w.churchB.id });
    expect((await create({ memberId: other.id, offeringTypeId: building.id, total: 100, dueDate: '2026-04-30' })).statusCode).toBe(400);
    const foreignType = await createOfferingType(t.database.db, { institutionId: w.churchB.id });
    expect((await create({ memberId: member.id, offeringTypeId: foreignType.id, total: 100, dueDate: '2026-04-30' })).statusCode).toBe(400);
    expect((await create({ memberId: member.id, offeringTypeId: building.id, total: 100, dueDate: '2026-02-30' })).statusCode).toBe(400);
    expect((await create({ memberId: member.id, offeringTypeId: building.id, total: 100, dueDate: '2026-04-30' }, 'admin')).statusCode).toBe(403);
    const mine = await pledge(100, '2026-04-30');
    expect((await t.app.inject({ method: 'GET', url: `/api/pledges/${mine.id}`, headers: headers.churchB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/pledges/${mine.id}`, headers: headers.union })).statusCode).toBe(200);
  });

  it('a synced cash receipt of that member and type counts toward the oldest due pledge first, up to its remaining, then the next', async () => {
    const giver = await createMember(t.database.db, { institutionId: w.churchA.id });
    const later = await pledge(300_000, '2026-06-30', {}, giver);
    const sooner = await pledge(200_000, '2026-05-31', {}, giver);
    const [result] = await cash(giver, [{ offeringTypeId: building.id, amount: 250_000 }, { offeringTypeId: tithe.id, amount: 90_000 }]);
    expect(result!.status).toBe('created');
    expect(await detail(sooner.id)).toMatchObject({ paid: 200_000, remaining: 0, state: 'fulfilled' });
    const next = await detail(later.id);
    expect(next).toMatchObject({ paid: 50_000, remaining: 250_000 });
    expect(next.payments).toEqual([expect.objectContaining({ amount: 50_000, method: 'cash', reversedAt: null })]);
    // The same receipt synced again is a duplicate: nothing counts twice.
    const [again] = await cash(giver, [{ offeringTypeId: building.id, amount: 999_999 }]);
    expect(again!.status).toBe('created');
    expect((await detail(later.id)).paid).toBe(300_000);
  });

  it('a line that names a pledge pays it first, whatever its type; a replayed sync adds nothing', async () => {
    const giver = await createMember(t.database.db, { institutionId: w.churchA.id });
    const named = await pledge(100_000, '2026-12-31', {}, giver);
    const entry = receiptEntry({ institutionId: w.churchA.id, memberId: giver.id, lines: [{ offeringTypeId: tithe.id, amount: 60_000, pledgeId: named.id }] });
    await sync(t.app, 'cash-receipts', headers.church, [entry]);
    const [replay] = await sync(t.app, 'cash-receipts', headers.church, [entry]);
    expect(replay!.status).toBe('duplicate');
    expect(await detail(named.id)).toMatchObject({ paid: 60_000, remaining: 40_000 });
  });

  it('an online payment counts when it completes, and gives back when reversed', async () => {
    const giver = await createMember(t.database.db, { institutionId: w.churchA.id });
    const p = await pledge(100_000, '2026-05-01', {}, giver);
    const payment = await createTransaction(t.database.db, { institutionId: w.churchA.id, memberId: giver.id, status: 'pending', amount: 70_000 });
    await t.database.db.insert(transactionLines).values({ transactionId: payment.id, offeringTypeId: building.id, amount: 70_000 });
    expect((await detail(p.id)).paid).toBe(0);
    await t.database.db.update(transactions).set({ status: 'completed' }).where(eq(transactions.id, payment.id));
    expect((await detail(p.id)).paid).toBe(70_000);
    const [entry] = await t.database.db.insert(ledgerEntries).values({ transactionId: payment.id, description: 'payment' }).returning();
    await t.database.db.insert(ledgerEntries).values({ transactionId: payment.id, reversalOf: entry!.id, description: 'reversal' });
    const after = await detail(p.id);
    expect(after).toMatchObject({ paid: 0, remaining: 100_000 });
    expect(after.payments[0]!.reversedAt).not.toBeNull();
  });

  it('lists by due window (calendar days in Dar es Salaam), overdue and fulfilled, with totals of the whole filter', async () => {
    const giver = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: 'Zawadi', lastName: 'Kilonzo' });
    const today = await pledge(1_000, '2026-03-15', {}, giver);
    const week = await pledge(2_000, '2026-03-21', {}, giver);
    const eighth = await pledge(4_000, '2026-03-22', {}, giver);
    const month = await pledge(8_000, '2026-04-14', {}, giver);
    const overdue = await pledge(16_000, '2026-03-14', {}, giver);
    const q = `memberId=${giver.id}`;
    const ids = (page: PledgePage) => page.data.map((row) => row.id);
    expect(ids(await list(`${q}&due=today`))).toEqual([today.id]);
    expect(ids(await list(`${q}&due=7d`))).toEqual([today.id, week.id]);
    expect(ids(await list(`${q}&due=1m`))).toEqual([today.id, week.id, eighth.id, month.id]);
    const late = await list(`${q}&due=overdue`);
    expect(ids(late)).toEqual([overdue.id]);
    expect(late.data[0]!.state).toBe('overdue');
    await cash(giver, [{ offeringTypeId: building.id, amount: 17_000 }]);
    // 16,000 closes the overdue one (oldest due), 1,000 today's.
    expect(ids(await list(`${q}&due=fulfilled`))).toEqual([overdue.id, today.id]);
    const all = await list(q);
    expect(all.count).toBe(5);
    expect(all.totals).toEqual({ total: 31_000, paid: 17_000, remaining: 14_000 });
    expect((await list('search=zawadi%20kil')).count).toBe(5);
    expect((await list('search=zawadi', 'churchB')).count).toBe(0);
    const csv = await t.app.inject({ method: 'GET', url: `/api/pledges/export?${q}&due=1m`, headers: { ...headers.church, lang: 'en' } });
    expect(csv.statusCode).toBe(200);
    // Today's pledge is fulfilled now: the window lists what is still open.
    expect(csv.headers['x-export-count']).toBe('3');
    expect(csv.body).toContain('Member code');
    expect(csv.body).toContain('2026-04-14');
  });

  it('the export goes through the one export writer: a name that reads as a formula is written as text', async () => {
    const giver = await createMember(t.database.db, { institutionId: w.churchA.id, firstName: '=HYPERLINK("http://x")', lastName: 'Mjanja' });
    await pledge(1_000, '2026-05-01', {}, giver);
    const csv = await t.app.inject({ method: 'GET', url: `/api/pledges/export?memberId=${giver.id}&format=csv`, headers: { ...headers.church, lang: 'sw' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"") Mjanja"`);
    expect(csv.body).toContain('Namba ya muumini');
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/pledges/export?memberId=${giver.id}&format=xlsx`, headers: headers.church });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('campaigns show their target, pledges and progress', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/pledge-campaigns', headers: headers.church, payload: { name: 'Jengo 2026', target: 10_000_000, offeringTypeId: building.id } });
    expect(res.statusCode, res.body).toBe(201);
    const campaignId = res.json().id as number;
    const giver = await createMember(t.database.db, { institutionId: w.churchA.id });
    await pledge(3_000_000, '2026-09-30', { campaignId }, giver);
    await cash(giver, [{ offeringTypeId: building.id, amount: 1_000_000 }]);
    const campaigns = (await t.app.inject({ method: 'GET', url: '/api/pledge-campaigns', headers: headers.church })).json();
    expect(campaigns.data).toContainEqual(expect.objectContaining({ id: campaignId, name: 'Jengo 2026', target: 10_000_000, pledgeCount: 1, pledged: 3_000_000, paid: 1_000_000 }));
    const other = (await t.app.inject({ method: 'GET', url: '/api/pledge-campaigns', headers: headers.churchB })).json();
    expect(other.data.map((c: { id: number }) => c.id)).not.toContain(campaignId);
  });

  it('ignores a named pledge of another church (the trigger keeps money inside its institution)', async () => {
    const giverB = await createMember(t.database.db, { institutionId: w.churchB.id });
    const typeB = await createOfferingType(t.database.db, { institutionId: w.churchB.id });
    const mine = await pledge(10_000, '2026-05-01');
    const before = (await detail(mine.id)).paid;
    const tx = await createTransaction(t.database.db, { institutionId: w.churchB.id, memberId: giverB.id, amount: 5_000, referenceNo: `X${randomUUID()}` });
    await t.database.db.insert(transactionLines).values({ transactionId: tx.id, offeringTypeId: typeB.id, amount: 5_000, pledgeId: mine.id });
    expect((await detail(mine.id)).paid).toBe(before);
  });
});
