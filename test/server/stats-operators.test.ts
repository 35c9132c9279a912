import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardBreakdowns, StatsOverview } from '../../domain/api/stats';
import type { TransactionPage } from '../../domain/api/payments';
import { TOP_OFFERING_TYPES } from '../../server/services/stats/dashboard-breakdowns';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = 'admin' | 'branch' | 'union' | 'church' | 'churchB' | 'mosque';
const ROLES: readonly Role[] = ['admin', 'branch', 'union', 'church', 'churchB', 'mosque'];

describe('dashboard and statistics by network operator, and the top offering types (issue 16)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;
  /** Who may see which institution's money: the expected figures are summed over these. */
  let visible: Record<Role, number[]>;

  beforeAll(async () => {
    // Wednesday 18 March 2026, 12:00 in Dar es Salaam: this month is 1–18 March.
    t = await createTestApp({ now: () => new Date('2026-03-18T09:00:00Z') });
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    for (const role of ROLES) headers[role] = (await signIn(t.app, w.users[role])).headers;
    visible = {
      admin: [w.churchA.id, w.churchB.id, w.mosque.id, w.union.id],
      // The branch officer's branch holds the union and (inherited) its churches; the mosque is on another branch.
      branch: [w.churchA.id, w.churchB.id, w.union.id],
      union: [w.churchA.id, w.churchB.id, w.union.id],
      church: [w.churchA.id],
      churchB: [w.churchB.id],
      mosque: [w.mosque.id],
    };
    const db = t.database.db;
    const at = (iso: string) => new Date(iso);
    for (const row of GIVINGS) {
      const institutionId = { A: w.churchA.id, B: w.churchB.id, M: w.mosque.id, U: w.union.id }[row.at];
      await createTransaction(db, { institutionId, method: row.method, operator: row.operator, status: row.status, amount: row.amount, receivedAt: at(row.day) });
    }
  });
  afterAll(() => t.close());

  type Giving = { at: 'A' | 'B' | 'M' | 'U'; method: 'mobile' | 'card' | 'bank'; operator: 'vodacom' | 'tigo' | 'airtel' | 'halotel' | 'ttcl' | null; status: 'completed' | 'failed' | 'pending'; amount: number; day: string };
  const GIVINGS: Giving[] = [
    { at: 'A', method: 'mobile', operator: 'vodacom', status: 'completed', amount: 10_000, day: '2026-03-02T10:00:00+03:00' },
    { at: 'A', method: 'mobile', operator: 'vodacom', status: 'completed', amount: 2_500, day: '2026-03-17T10:00:00+03:00' },
    { at: 'A', method: 'mobile', operator: 'airtel', status: 'completed', amount: 4_000, day: '2026-03-05T10:00:00+03:00' },
    { at: 'A', method: 'mobile', operator: 'airtel', status: 'failed', amount: 2_000, day: '2026-03-05T11:00:00+03:00' },
    // 23:30 on 28 February in Dar es Salaam is last month, not this one.
    { at: 'A', method: 'mobile', operator: 'tigo', status: 'completed', amount: 9_000, day: '2026-02-28T23:30:00+03:00' },
    { at: 'B', method: 'mobile', operator: 'tigo', status: 'completed', amount: 3_000, day: '2026-03-01T00:10:00+03:00' },
    { at: 'B', method: 'mobile', operator: null, status: 'completed', amount: 1_111, day: '2026-03-03T10:00:00+03:00' },
    { at: 'B', method: 'card', operator: null, status: 'completed', amount: 6_000, day: '2026-03-03T10:00:00+03:00' },
    { at: 'U', method: 'mobile', operator: 'ttcl', status: 'pending', amount: 700, day: '2026-03-04T10:00:00+03:00' },
    { at: 'M', method: 'mobile', operator: 'halotel', status: 'completed', amount: 5_000, day: '2026-03-08T10:00:00+03:00' },
    { at: 'M', method: 'mobile', operator: 'vodacom', status: 'completed', amount: 1_000, day: '2026-03-09T10:00:00+03:00' },
    { at: 'M', method: 'bank', operator: null, status: 'completed', amount: 50_000, day: '2026-03-09T10:00:00+03:00' },
  ];

  /** The ledger's side: completed givings of this month per operator, over the institutions the role may see. */
  async function expectedByOperator(role: Role) {
    const { rows } = await t.database.raw.query(
      `select operator, sum(amount)::bigint as amount, count(*)::int as count from transactions
        where status = 'completed' and currency = 'TZS' and operator is not null and institution_id = any($1::int[])
          and (received_at at time zone 'Africa/Dar_es_Salaam')::date between '2026-03-01' and '2026-03-18'
        group by operator order by sum(amount) desc, operator`,
      [visible[role]],
    );
    return (rows as Array<{ operator: string; amount: string; count: number }>).map((r) => ({ operator: r.operator, amount: Number(r.amount), count: r.count }));
  }

  const get = async <T>(role: Role, url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: headers[role] });
    expect(res.statusCode, `${role} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json() as T;
  };

  it('gives each role the completed givings per operator of its own scope, equal to the transactions behind them', async () => {
    const dashboards = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await get<DashboardBreakdowns>(role, '/api/stats/dashboard?period=month')] as const)));
    for (const role of ROLES) expect(dashboards[role]!.byOperator, role).toEqual(await expectedByOperator(role));
    // Spelt out once, so the oracle above is not the only witness.
    expect(dashboards.admin!.byOperator).toEqual([
      { operator: 'vodacom', amount: 13_500, count: 3 },
      { operator: 'halotel', amount: 5_000, count: 1 },
      { operator: 'airtel', amount: 4_000, count: 1 },
      { operator: 'tigo', amount: 3_000, count: 1 },
    ]);
    expect(dashboards.branch!.byOperator).toEqual([
      { operator: 'vodacom', amount: 12_500, count: 2 },
      { operator: 'airtel', amount: 4_000, count: 1 },
      { operator: 'tigo', amount: 3_000, count: 1 },
    ]);
    expect(dashboards.union!.byOperator).toEqual(dashboards.branch!.byOperator);
    expect(dashboards.church!.byOperator).toEqual([
      { operator: 'vodacom', amount: 12_500, count: 2 },
      { operator: 'airtel', amount: 4_000, count: 1 },
    ]);
    expect(dashboards.churchB!.byOperator).toEqual([{ operator: 'tigo', amount: 3_000, count: 1 }]);
    expect(dashboards.mosque!.byOperator).toEqual([
      { operator: 'halotel', amount: 5_000, count: 1 },
      { operator: 'vodacom', amount: 1_000, count: 1 },
    ]);
    // Mobile money without an operator is in "by method", not in any operator's row.
    const mobile = dashboards.churchB!.byMethod.find((row) => row.method === 'mobile');
    expect(mobile).toEqual({ method: 'mobile', amount: 4_111, count: 2 });
  });

  it('each figure is what the transactions list filtered by that operator holds (the link behind it)', async () => {
    for (const role of ['admin', 'union', 'church', 'mosque'] as const) {
      const dashboard = await get<DashboardBreakdowns>(role, '/api/stats/dashboard?period=month');
      for (const row of dashboard.byOperator) {
        const { from, to } = dashboard.current;
        const list = await get<TransactionPage>(role, `/api/transactions?status=completed&range=custom&from=${from}&to=${to}&operator=${row.operator}&limit=100`);
        expect(list.totals.find((total) => total.currency === 'TZS'), `${role} ${row.operator}`).toMatchObject({ amount: row.amount, count: row.count });
      }
    }
  });

  it('the statistics of an institution and of the whole scope carry the same breakdown', async () => {
    const church = await get<StatsOverview>('union', `/api/stats/overview?institutionId=${w.churchA.id}&from=2026-03-01&to=2026-03-18`);
    expect(church.byOperator).toEqual(await expectedByOperator('church'));
    const mine = await get<StatsOverview>('mosque', '/api/stats/overview?from=2026-03-01&to=2026-03-18');
    expect(mine.byOperator).toEqual(await expectedByOperator('mosque'));
    // Last month holds the tigo giving of 23:30 on 28 February only.
    const february = await get<StatsOverview>('church', '/api/stats/overview?from=2026-02-01&to=2026-02-28');
    expect(february.byOperator).toEqual([{ operator: 'tigo', amount: 9_000, count: 1 }]);
    // Outside the caller's scope: no figures of another institution.
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/overview?institutionId=${w.churchA.id}&from=2026-03-01&to=2026-03-18`, headers: headers.mosque });
    expect([403, 404]).toContain(res.statusCode);
  });

  it('names the ten largest offering types and sums the rest in one row: the rows and "other" add up to every type', async () => {
    const db = t.database.db;
    const types = [];
    for (let i = 0; i < 13; i++) types.push(await createOfferingType(db, { institutionId: w.churchA.id, title: `Aina ${String(i).padStart(2, '0')}`, churchBp: 6_000, fieldBp: 3_000, unionBp: 1_000 }));
    // Amounts 1,000 … 13,000: the three smallest go to "other".
    await sync(
      t.app,
      'cash-receipts',
      headers.church,
      types.map((type, i) => receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-15T10:00:00+03:00', lines: [{ offeringTypeId: type.id, amount: (i + 1) * 1_000 }] })),
    );
    for (const role of ['admin', 'union', 'church'] as const) {
      const dashboard = await get<DashboardBreakdowns>(role, '/api/stats/dashboard?period=month');
      expect(dashboard.byOfferingType, role).toHaveLength(TOP_OFFERING_TYPES);
      expect(dashboard.byOfferingType.map((row) => row.title)).toEqual(types.slice(3).reverse().map((type) => type.title));
      expect(dashboard.byOfferingTypeOther).toEqual({ types: 3, total: 6_000, church: 3_600, field: 1_800, union: 600 });
      const report = await get<{ totals: { total: number; church: number; field: number; union: number } }>(role, '/api/reports/offerings?from=2026-03-01&to=2026-03-18');
      const summed = [...dashboard.byOfferingType, dashboard.byOfferingTypeOther!].reduce(
        (sum, row) => ({ total: sum.total + row.total, church: sum.church + row.church, field: sum.field + row.field, union: sum.union + row.union }),
        { total: 0, church: 0, field: 0, union: 0 },
      );
      expect(summed, role).toEqual(report.totals);
      expect(summed.total).toBe(91_000);
    }
    // Ten types or fewer: no "other" row.
    expect((await get<DashboardBreakdowns>('churchB', '/api/stats/dashboard?period=month')).byOfferingTypeOther).toBeNull();
  });

  it('ranks ties at the cut by title the same way whether the bank\'s rollup ranks in the database or the subtree is ranked whole', async () => {
    const db = t.database.db;
    const equal = [];
    for (let i = 11; i >= 0; i--) equal.push(await createOfferingType(db, { institutionId: w.churchB.id, title: `Sawa ${String(i).padStart(2, '0')}`, churchBp: 6_000, fieldBp: 3_000, unionBp: 1_000 }));
    await sync(
      t.app,
      'cash-receipts',
      headers.churchB,
      equal.map((type) => receiptEntry({ institutionId: w.churchB.id, receivedAt: '2026-03-16T10:00:00+03:00', lines: [{ offeringTypeId: type.id, amount: 50_000 }] })),
    );
    const expectedTitles = Array.from({ length: TOP_OFFERING_TYPES }, (_, i) => `Sawa ${String(i).padStart(2, '0')}`);
    // The branch officer reads the bank's rollup; the union administrator ranks its subtree's every type: the same institutions.
    const branch = await get<DashboardBreakdowns>('branch', '/api/stats/dashboard?period=month');
    const union = await get<DashboardBreakdowns>('union', '/api/stats/dashboard?period=month');
    expect(branch.byOfferingType.map((row) => row.title)).toEqual(expectedTitles);
    expect({ top: branch.byOfferingType, other: branch.byOfferingTypeOther }).toEqual({ top: union.byOfferingType, other: union.byOfferingTypeOther });
    expect(branch.byOfferingTypeOther).toMatchObject({ types: 2 + 13, total: 2 * 50_000 + 91_000 });
    expect((await get<DashboardBreakdowns>('admin', '/api/stats/dashboard?period=month')).byOfferingType.map((row) => row.title)).toEqual(expectedTitles);
  });
});
