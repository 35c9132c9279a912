import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsOverview } from '../../domain/api/stats';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { createMember, createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

describe('statistics overview (GET /api/stats/overview): drilling union → field → district → church', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<'union' | 'church' | 'mosque' | 'admin', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-04-01T09:00:00Z') });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    for (const role of ['union', 'church', 'mosque', 'admin'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    const typeA = await createOfferingType(db, { institutionId: w.churchA.id });
    const typeB = await createOfferingType(db, { institutionId: w.churchB.id });
    const giver = await createMember(db, { institutionId: w.churchA.id, createdAt: new Date('2026-03-05T08:00:00Z') });
    await createMember(db, { institutionId: w.churchA.id, createdAt: new Date('2025-01-01T08:00:00Z') });
    await createMember(db, { institutionId: w.churchB.id, createdAt: new Date('2025-01-01T08:00:00Z') });
    await sync(t.app, 'cash-receipts', headers.church, [
      receiptEntry({ institutionId: w.churchA.id, memberId: giver.id, receivedAt: '2026-03-08T10:00:00+03:00', lines: [{ offeringTypeId: typeA.id, amount: 4_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, memberId: giver.id, receivedAt: '2026-03-15T10:00:00+03:00', lines: [{ offeringTypeId: typeA.id, amount: 1_000 }] }),
    ]);
    const churchB = (await signIn(t.app, w.users.churchB)).headers;
    await sync(t.app, 'cash-receipts', churchB, [receiptEntry({ institutionId: w.churchB.id, receivedAt: '2026-03-08T10:00:00+03:00', lines: [{ offeringTypeId: typeB.id, amount: 2_500 }] })]);
    await createTransaction(db, { institutionId: w.union.id, amount: 700, receivedAt: new Date('2026-03-10T10:00:00Z') });
    await createTransaction(db, { institutionId: w.churchA.id, amount: 9_999, status: 'failed', receivedAt: new Date('2026-03-10T10:00:00Z') });
    await createTransaction(db, { institutionId: w.mosque.id, amount: 3_000, receivedAt: new Date('2026-03-10T10:00:00Z') });
  });
  afterAll(() => t.close());

  const overview = async (role: keyof typeof headers, institutionId?: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/overview?from=2026-03-01&to=2026-03-31${institutionId ? `&institutionId=${institutionId}` : ''}`, headers: headers[role] });
    if (res.statusCode >= 400 && res.statusCode !== 404) throw new Error(res.body);
    return { status: res.statusCode, body: res.json() as StatsOverview };
  };

  it('splits each level into the one below, the rest given to the institution itself', async () => {
    const union = (await overview('union')).body;
    expect(union.institution?.id).toBe(w.union.id);
    expect(union.total).toEqual({ amount: 8_200, count: 4 });
    expect(union.children).toEqual([{ id: w.field.id, title: 'Coast Field', amount: 7_500, count: 3 }]);
    expect(union.direct).toEqual({ amount: 700, count: 1 });
    const district = (await overview('union', w.district.id)).body;
    expect(district.parent).toEqual({ id: w.field.id, title: 'Coast Field' });
    expect(district.children).toEqual([
      { id: w.churchA.id, title: 'Mwenge Church', amount: 5_000, count: 2 },
      { id: w.churchB.id, title: 'Sinza Church', amount: 2_500, count: 1 },
    ]);
    const church = (await overview('union', w.churchA.id)).body;
    expect(church.children).toEqual([]);
    expect(church.total).toEqual({ amount: 5_000, count: 2 });
    expect(church.byMethod).toEqual([{ method: 'cash', amount: 5_000, count: 2 }]);
    expect(church.participation).toEqual({ gave: 1, registered: 2 });
    expect(church.newMembers).toBe(1);
  });

  it('gives the bank its tops of the tree and keeps everyone in scope', async () => {
    const bank = (await overview('admin')).body;
    expect(bank.institution).toBeNull();
    expect(bank.children.map((c) => c.id).sort()).toEqual([w.union.id, w.mosque.id].sort());
    expect(bank.total.amount).toBe(11_200);
    expect((await overview('church', w.union.id)).status).toBe(404);
    expect((await overview('mosque', w.churchA.id)).status).toBe(404);
    const own = (await overview('church')).body;
    expect(own.institution?.id).toBe(w.churchA.id);
    expect(own.parent).toBeNull();
  });
});
