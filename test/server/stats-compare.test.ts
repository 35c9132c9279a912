import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LevelComparison, StatsOverTime } from '../../domain/api/stats-compare';
import { dayRange } from '../../domain/calendar';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = 'union' | 'church' | 'mosque' | 'admin' | 'branch';

describe('statistics page: level comparison (GET /api/stats/compare) and collections over time (GET /api/stats/over-time)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-04-01T09:00:00Z') });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    for (const role of ['union', 'church', 'mosque', 'admin', 'branch'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    const typeA = await createOfferingType(db, { institutionId: w.churchA.id });
    const typeB = await createOfferingType(db, { institutionId: w.churchB.id });
    await sync(t.app, 'cash-receipts', headers.church, [
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-08T10:00:00+03:00', lines: [{ offeringTypeId: typeA.id, amount: 4_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-15T10:00:00+03:00', lines: [{ offeringTypeId: typeA.id, amount: 1_000 }] }),
    ]);
    const churchB = (await signIn(t.app, w.users.churchB)).headers;
    await sync(t.app, 'cash-receipts', churchB, [receiptEntry({ institutionId: w.churchB.id, receivedAt: '2026-03-08T10:00:00+03:00', lines: [{ offeringTypeId: typeB.id, amount: 2_500 }] })]);
    // Given to the union itself, to the field (above the districts), a failed payment, another religion, and the weeks before.
    await createTransaction(db, { institutionId: w.union.id, amount: 700, receivedAt: new Date('2026-03-10T10:00:00Z') });
    await createTransaction(db, { institutionId: w.field.id, amount: 300, receivedAt: new Date('2026-03-31T21:30:00Z') }); // 1 April in Dar es Salaam
    await createTransaction(db, { institutionId: w.churchA.id, amount: 9_999, status: 'failed', receivedAt: new Date('2026-03-10T10:00:00Z') });
    await createTransaction(db, { institutionId: w.mosque.id, amount: 3_000, receivedAt: new Date('2026-03-10T10:00:00Z') });
    await createTransaction(db, { institutionId: w.churchB.id, amount: 600, receivedAt: new Date('2026-02-01T10:00:00Z') });
    await createTransaction(db, { institutionId: w.churchA.id, amount: 450, receivedAt: new Date('2026-02-24T10:00:00Z') });
  });
  afterAll(() => t.close());

  const get = async <T>(role: Role, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: headers[role] });
    if (res.statusCode >= 400 && res.statusCode !== 404) throw new Error(res.body);
    return { status: res.statusCode, body: res.json() as T };
  };
  const compare = (role: Role, query: string) => get<LevelComparison>(role, `/api/stats/compare?from=2026-03-01&to=2026-03-31&${query}`);
  const overTime = (role: Role, query: string) => get<StatsOverTime>(role, `/api/stats/over-time?${query}`);

  /** The ground truth: completed TZS givings received in [from, to] (East Africa days) under an institution, from the transactions. */
  const ledger = async (path: string, from: string, to: string) => {
    const { start, end } = dayRange(from, to);
    const result = await t.database.db.execute(sql`
      select coalesce(sum(t.amount), 0)::bigint as amount, count(*)::int as count from transactions t join institutions i on i.id = t.institution_id
      where i.path like ${`${path}%`} and t.status = 'completed' and t.currency = 'TZS' and t.received_at >= ${start.toISOString()} and t.received_at < ${end.toISOString()}`);
    const row = (result as unknown as { rows: Array<{ amount: string | number; count: number }> }).rows[0]!;
    return { amount: Number(row.amount), count: Number(row.count) };
  };

  it('compares every church or every district under the union, each with its whole subtree, and keeps what lies above', async () => {
    const churches = (await compare('union', `institutionId=${w.union.id}`)).body;
    expect(churches.levels.map((level) => level.code)).toEqual(['field', 'district', 'church']);
    expect(churches.level?.code).toBe('church');
    expect(churches.institutions).toBe(2);
    expect(churches.rows).toEqual([
      { id: w.churchA.id, title: 'Mwenge Church', ...(await ledger(w.churchA.path, '2026-03-01', '2026-03-31')) },
      { id: w.churchB.id, title: 'Sinza Church', ...(await ledger(w.churchB.path, '2026-03-01', '2026-03-31')) },
    ]);
    expect(churches.rows[0]).toMatchObject({ amount: 5_000, count: 2 });
    expect(churches.rest).toBeNull();
    expect(churches.total).toEqual(await ledger(w.union.path, '2026-03-01', '2026-03-31'));
    expect(churches.above).toEqual({ amount: 700, count: 1 });

    const district = (await compare('union', `institutionId=${w.union.id}&levelId=${w.district.levelId}`)).body;
    expect(district.rows).toEqual([{ id: w.district.id, title: 'Kinondoni District', amount: 7_500, count: 3 }]);
    // The field's own giving counts on 1 April in Dar es Salaam: outside March, inside April.
    const april = (await get<LevelComparison>('union', `/api/stats/compare?from=2026-04-01&to=2026-04-30&institutionId=${w.union.id}&levelId=${w.district.levelId}`)).body;
    expect(april.above).toEqual({ amount: 300, count: 1 });
  });

  it('cuts the list after the first `limit` and sums the rest', async () => {
    const first = (await compare('union', `institutionId=${w.union.id}&limit=1`)).body;
    expect(first.rows.map((row) => row.id)).toEqual([w.churchA.id]);
    expect(first.rest).toEqual({ institutions: 1, amount: 2_500, count: 1 });
    // The union administrator's own institution is the default.
    expect((await compare('union', 'limit=1')).body).toEqual(first);
  });

  it('never compares above the caller, nor outside the scope', async () => {
    const own = await compare('church', '');
    expect(own.status).toBe(200);
    expect(own.body.institution.id).toBe(w.churchA.id);
    expect(own.body.levels).toEqual([]);
    expect(own.body.rows).toEqual([]);
    expect((await compare('church', `levelId=${w.district.levelId}`)).status).toBe(404);
    expect((await compare('church', `institutionId=${w.union.id}`)).status).toBe(404);
    expect((await compare('union', `institutionId=${w.district.id}&levelId=${w.field.levelId}`)).status).toBe(404);
    expect((await compare('mosque', `institutionId=${w.union.id}`)).status).toBe(404);
    // Bank staff compare under a chosen institution; with none, the page's level below is their comparison.
    expect((await compare('admin', '')).status).toBe(404);
    const bank = (await compare('admin', `institutionId=${w.field.id}&levelId=${w.churchA.levelId}`)).body;
    expect(bank.rows.map((row) => row.amount)).toEqual([5_000, 2_500]);
  });

  it('buckets the period by Monday-to-Sunday weeks beside the same weeks of the period before, summing to the ledger', async () => {
    const weeks = (await overTime('union', 'from=2026-03-01&to=2026-03-31&grain=week')).body;
    // 1 March 2026 is a Sunday: the first week is cut to that one day; five weeks back is 25 January.
    expect(weeks.previous).toEqual({ from: '2026-01-25', to: '2026-02-24' });
    expect(weeks.buckets.map((bucket) => bucket.current)).toEqual([
      { from: '2026-03-01', to: '2026-03-01' },
      { from: '2026-03-02', to: '2026-03-08' },
      { from: '2026-03-09', to: '2026-03-15' },
      { from: '2026-03-16', to: '2026-03-22' },
      { from: '2026-03-23', to: '2026-03-29' },
      { from: '2026-03-30', to: '2026-03-31' },
    ]);
    expect(weeks.buckets.map((bucket) => bucket.currentAmount)).toEqual([0, 6_500, 1_700, 0, 0, 0]);
    expect(weeks.buckets[1]?.previous).toEqual({ from: '2026-01-26', to: '2026-02-01' });
    expect(weeks.buckets.map((bucket) => bucket.previousAmount)).toEqual([0, 600, 0, 0, 0, 450]);
    for (const bucket of weeks.buckets) {
      expect({ amount: bucket.currentAmount, count: bucket.currentCount }).toEqual(await ledger(w.union.path, bucket.current.from, bucket.current.to));
      expect({ amount: bucket.previousAmount, count: bucket.previousCount }).toEqual(await ledger(w.union.path, bucket.previous.from, bucket.previous.to));
    }
  });

  it('buckets by day and by month, for an institution or the bank, and refuses a grain too fine for the period', async () => {
    const days = (await overTime('union', `from=2026-03-01&to=2026-03-31&grain=day&institutionId=${w.churchB.id}`)).body;
    expect(days.buckets).toHaveLength(31);
    expect(days.buckets.find((bucket) => bucket.current.from === '2026-03-08')).toMatchObject({ currentAmount: 2_500, previous: { from: '2026-02-05', to: '2026-02-05' } });
    const months = (await overTime('admin', 'from=2026-02-01&to=2026-03-31&grain=month')).body;
    expect(months.previous).toEqual({ from: '2025-12-01', to: '2026-01-31' });
    expect(months.buckets.map((bucket) => [bucket.current.from, bucket.currentAmount])).toEqual([
      ['2026-02-01', 1_050],
      ['2026-03-01', 11_200],
    ]);
    expect((await overTime('church', `from=2026-03-01&to=2026-03-31&grain=week&institutionId=${w.union.id}`)).status).toBe(404);
    const tooLong = await t.app.inject({ method: 'GET', url: '/api/stats/over-time?from=2026-01-01&to=2026-12-31&grain=day', headers: headers.union });
    expect(tooLong.statusCode).toBe(400);
  });
});
