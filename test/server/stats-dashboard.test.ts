import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardBreakdowns } from '../../domain/api/stats';
import { dayOf } from '../../domain/calendar';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = 'union' | 'church' | 'churchB' | 'mosque' | 'admin';

describe('dashboard breakdowns (GET /api/stats/dashboard): this period against the last, from the read model', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    // Wednesday 18 March 2026, 12:00 in Dar es Salaam.
    t = await createTestApp({ now: () => new Date('2026-03-18T09:00:00Z') });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    for (const role of ['union', 'church', 'churchB', 'mosque', 'admin'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    const tithe = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Zaka', churchBp: 0, fieldBp: 10_000, unionBp: 0 });
    const offering = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Sadaka', churchBp: 5_800, fieldBp: 2_100, unionBp: 2_100 });
    const typeB = await createOfferingType(db, { institutionId: w.churchB.id, title: 'Sadaka B', churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    await sync(t.app, 'cash-receipts', headers.church, [
      // 23:30 on 28 February in Dar es Salaam is last month; 00:10 on 1 March (21:10 UTC the day before) is this one.
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-02-28T23:30:00+03:00', lines: [{ offeringTypeId: tithe.id, amount: 8_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-02-28T21:10:00Z', lines: [{ offeringTypeId: tithe.id, amount: 1_000 }, { offeringTypeId: offering.id, amount: 3_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-02-10T10:00:00+03:00', lines: [{ offeringTypeId: offering.id, amount: 2_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-16T10:00:00+03:00', lines: [{ offeringTypeId: offering.id, amount: 1_500 }] }),
    ]);
    await sync(t.app, 'cash-receipts', headers.churchB, [receiptEntry({ institutionId: w.churchB.id, receivedAt: '2026-03-08T10:00:00+03:00', lines: [{ offeringTypeId: typeB.id, amount: 2_500 }] })]);
    await createTransaction(db, { institutionId: w.churchA.id, amount: 9_999, status: 'failed', receivedAt: new Date('2026-03-10T10:00:00Z') });
    await createTransaction(db, { institutionId: w.churchA.id, amount: 7_777, status: 'failed', receivedAt: new Date('2026-02-10T10:00:00Z') });
    await createTransaction(db, { institutionId: w.mosque.id, amount: 3_000, receivedAt: new Date('2026-03-10T10:00:00Z') });
  });
  afterAll(() => t.close());

  const breakdowns = async (role: Role, period = 'month') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/dashboard?period=${period}`, headers: headers[role] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json() as DashboardBreakdowns;
  };

  /** The ledger's side, computed here from the raw rows: completed givings per EAT day, and the shares credited net of debits. */
  async function ledger(underPath: string | null, from: string, to: string) {
    type Giving = { id: string; amount: string; received_at: Date; path: string };
    type Line = { account: string; title: string; credit: string; debit: string; received_at: Date; path: string };
    const rows = (await t.database.raw.query(
      `select x.id, x.amount, x.received_at, i.path from transactions x join institutions i on i.id = x.institution_id where x.status = 'completed' and x.currency = 'TZS'`,
    )).rows as Giving[];
    const inPeriod = rows.filter((r) => (underPath === null || r.path.startsWith(underPath)) && dayOf(new Date(r.received_at)) >= from && dayOf(new Date(r.received_at)) <= to);
    const lines = (await t.database.raw.query(
      `select l.account, o.title, l.credit, l.debit, x.received_at, i.path
         from ledger_lines l join ledger_entries e on e.id = l.entry_id join transactions x on x.id = e.transaction_id
         join institutions i on i.id = x.institution_id join offering_types o on o.id = l.offering_type_id
        where l.account like 'share:%' and x.currency = 'TZS'`,
    )).rows as Line[];
    const shares = new Map<string, { church: number; field: number; union: number }>();
    for (const line of lines) {
      const day = dayOf(new Date(line.received_at));
      if ((underPath !== null && !line.path.startsWith(underPath)) || day < from || day > to) continue;
      const sums = shares.get(line.title) ?? { church: 0, field: 0, union: 0 };
      sums[line.account.slice(6) as 'church' | 'field' | 'union'] += Number(line.credit) - Number(line.debit);
      shares.set(line.title, sums);
    }
    return { amount: inPeriod.reduce((sum, r) => sum + Number(r.amount), 0), count: inPeriod.length, shares };
  }

  it('sums this month so far, last month to the same date and all of last month as the ledger does, midnight in East Africa deciding the day', async () => {
    const union = await breakdowns('union');
    expect(union.current).toEqual({ from: '2026-03-01', to: '2026-03-18' });
    expect(union.previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(union.totals.current).toEqual(await ledger(w.union.path, '2026-03-01', '2026-03-18').then(({ amount, count }) => ({ amount, count })));
    expect(union.totals.current).toEqual({ amount: 4_000 + 1_500 + 2_500, count: 3 });
    expect(union.totals.previousToDate).toEqual({ amount: 2_000, count: 1 });
    expect(union.totals.previous).toEqual({ amount: 10_000, count: 2 });
    // Day 1 holds the receipt of 00:10 on 1 March; the 28th of last month the one of 23:30.
    expect(union.overTime[0]).toEqual({ index: 0, currentStart: '2026-03-01', previousStart: '2026-02-01', current: 4_000, previous: 0 });
    expect(union.overTime[27]).toMatchObject({ currentStart: null, previousStart: '2026-02-28', current: null, previous: 8_000 });
    expect(union.overTime.reduce((sum, b) => sum + (b.current ?? 0), 0)).toBe(union.totals.current.amount);
    expect(union.overTime.reduce((sum, b) => sum + (b.previous ?? 0), 0)).toBe(union.totals.previous.amount);
    expect(union.byMethod).toEqual([{ method: 'cash', amount: 8_000, count: 3 }]);
    expect(union.byChild).toEqual([{ id: w.field.id, title: 'Coast Field', amount: 8_000, count: 3 }]);
    expect(union.failedPayments).toBe(1);

    const expected = (await ledger(w.union.path, '2026-03-01', '2026-03-18')).shares;
    expect(union.byOfferingType).toHaveLength(expected.size);
    for (const row of union.byOfferingType) {
      expect({ church: row.church, field: row.field, union: row.union }).toEqual(expected.get(row.title));
      expect(row.total).toBe(row.church + row.field + row.union);
    }
    expect(union.byOfferingType.reduce((sum, row) => sum + row.total, 0)).toBe(union.totals.current.amount);
  });

  it('keeps each viewer to their scope: a church its own, the bank its tops of the tree', async () => {
    const church = await breakdowns('church');
    expect(church.institution?.id).toBe(w.churchA.id);
    expect(church.totals.current).toEqual({ amount: 5_500, count: 2 });
    expect(church.byChild).toEqual([]);
    const churchB = await breakdowns('churchB');
    expect(churchB.totals.current).toEqual({ amount: 2_500, count: 1 });
    expect(churchB.failedPayments).toBe(0);
    const mosque = await breakdowns('mosque');
    expect(mosque.totals.current).toEqual({ amount: 3_000, count: 1 });
    expect(mosque.byOfferingType).toEqual([]);
    const bank = await breakdowns('admin');
    expect(bank.institution).toBeNull();
    expect(bank.totals.current).toEqual(await ledger(null, '2026-03-01', '2026-03-18').then(({ amount, count }) => ({ amount, count })));
    expect(bank.byChild.map((c) => c.id).sort()).toEqual([w.union.id, w.mosque.id].sort());
  });

  it("gives the bank admin the ledger's figures for the whole bank, read from the rollups per religion and branch (ADR 066)", async () => {
    const bank = await breakdowns('admin');
    const ledgerOf = async (from: string, to: string) => ledger(null, from, to).then(({ amount, count }) => ({ amount, count }));
    expect(bank.totals).toEqual({ current: await ledgerOf('2026-03-01', '2026-03-18'), previousToDate: await ledgerOf('2026-02-01', '2026-02-18'), previous: await ledgerOf('2026-02-01', '2026-02-28') });
    expect(bank.overTime.reduce((sum, b) => sum + (b.current ?? 0), 0)).toBe(bank.totals.current.amount);
    expect(bank.overTime.reduce((sum, b) => sum + (b.previous ?? 0), 0)).toBe(bank.totals.previous.amount);
    expect(bank.overTime[0]).toMatchObject({ currentStart: '2026-03-01', current: 4_000 });
    expect(bank.byMethod.reduce((sum, row) => sum + row.amount, 0)).toBe(bank.totals.current.amount);
    // By the level below: each top of the tree's subtree.
    const union = await ledger(w.union.path, '2026-03-01', '2026-03-18');
    const mosque = await ledger(w.mosque.path, '2026-03-01', '2026-03-18');
    expect(Object.fromEntries(bank.byChild.map((c) => [c.id, { amount: c.amount, count: c.count }]))).toEqual({
      [w.union.id]: { amount: union.amount, count: union.count },
      [w.mosque.id]: { amount: mosque.amount, count: mosque.count },
    });
    expect(bank.failedPayments).toBe(1);
    const shares = (await ledger(null, '2026-03-01', '2026-03-18')).shares;
    expect(new Map(bank.byOfferingType.map((row) => [row.title, { church: row.church, field: row.field, union: row.union }]))).toEqual(
      new Map([...shares].filter(([, s]) => s.church !== 0 || s.field !== 0 || s.union !== 0)),
    );
    // Last month, whole: the month's rows; this year so far: the year's less what is after today.
    const year = await breakdowns('admin', 'year');
    expect(year.totals.current).toEqual(await ledgerOf('2026-01-01', '2026-03-18'));
    const yearShares = (await ledger(null, '2026-01-01', '2026-03-18')).shares;
    expect(year.byOfferingType.reduce((sum, row) => sum + row.total, 0)).toBe([...yearShares.values()].reduce((sum, s) => sum + s.church + s.field + s.union, 0));
  });

  it('compares weeks by day and years by month', async () => {
    const week = await breakdowns('union', 'week');
    expect(week.current).toEqual({ from: '2026-03-16', to: '2026-03-18' });
    expect(week.totals.current).toEqual({ amount: 1_500, count: 1 });
    // Last week is Monday 9 to Sunday 15 March; Sinza's 2,500 of Sunday 8 March is the week before.
    expect(week.totals.previous).toEqual({ amount: 0, count: 0 });
    expect(week.overTime[0]).toMatchObject({ currentStart: '2026-03-16', current: 1_500 });
    const year = await breakdowns('union', 'year');
    expect(year.overTime[1]).toMatchObject({ currentStart: '2026-02-01', current: 10_000 });
    expect(year.overTime[2]).toMatchObject({ currentStart: '2026-03-01', current: 8_000, previous: 0 });
    expect(year.overTime[3]).toMatchObject({ current: null });
  });

  it('refuses an unknown period with a 400 and changes nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/dashboard?period=decade', headers: headers.union });
    expect(res.statusCode).toBe(400);
  });

  it('counts the failed credits waiting in each scope, as many as the list behind the figure holds', async () => {
    const db = t.database.db;
    // Waiting: completed, credit failed. Neither a credited one nor a failed payment counts.
    await createTransaction(db, { institutionId: w.churchA.id, creditStatus: 'failed', completedAt: new Date('2026-01-05T10:00:00Z') });
    await createTransaction(db, { institutionId: w.churchB.id, creditStatus: 'failed', completedAt: new Date('2026-03-05T10:00:00Z') });
    await createTransaction(db, { institutionId: w.mosque.id, creditStatus: 'failed', completedAt: new Date('2026-03-05T10:00:00Z') });
    await createTransaction(db, { institutionId: w.churchA.id, creditStatus: 'credited' });
    await createTransaction(db, { institutionId: w.churchA.id, status: 'failed', creditStatus: 'failed' });
    const expected = { union: 2, church: 1, churchB: 1, mosque: 1, admin: 3 } as const;
    for (const role of ['union', 'church', 'churchB', 'mosque', 'admin'] as const) {
      const figure = (await breakdowns(role)).failedCredits;
      const list = await t.app.inject({ method: 'GET', url: '/api/payments/failed-credits?limit=100', headers: headers[role] });
      expect(list.statusCode, list.body).toBe(200);
      expect(figure, role).toBe(expected[role]);
      expect(figure, role).toBe((list.json() as { count: number }).count);
    }
  });
});
