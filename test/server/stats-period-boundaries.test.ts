import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionPage } from '../../domain/api/payments';
import type { DashboardBreakdowns, OfferingsReport } from '../../domain/api/stats';
import { activityLog } from '../../server/db/schema/auth';
import { createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * One notion of a day (issue 16): the dashboard, the offerings report, the transactions list behind
 * them and the back-office reports all cut days at 00:00 in Dar es Salaam (21:00 UTC the day
 * before), and count a giving on the day it was received, whenever it reached the server.
 */
describe('period boundaries at midnight East Africa time', () => {
  let t: TestApp;
  let w: World;
  let type: OfferingTypeRow;
  const headers = {} as Record<'church' | 'admin', Record<string, string>>;
  const ids = {} as Record<'late' | 'early' | 'utcMidnight', string>;

  beforeAll(async () => {
    // Tuesday 3 March 2026, 12:00 in Dar es Salaam: the receipts below reach the server today.
    t = await createTestApp({ now: () => new Date('2026-03-03T09:00:00Z') });
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    for (const role of ['church', 'admin'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    type = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Sadaka', churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    const late = receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-01T23:30:00+03:00', lines: [{ offeringTypeId: type.id, amount: 100 }] });
    const early = receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-02T00:10:00+03:00', lines: [{ offeringTypeId: type.id, amount: 20_000 }] });
    // 00:30 UTC on the 2nd is 03:30 EAT on the 2nd: midnight UTC is no boundary.
    const utcMidnight = receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-02T00:30:00Z', lines: [{ offeringTypeId: type.id, amount: 3_000 }] });
    await sync(t.app, 'cash-receipts', headers.church, [late, early, utcMidnight]);
    const { rows } = await t.database.raw.query(`select id, amount from transactions where institution_id = $1`, [w.churchA.id]);
    const byAmount = new Map((rows as Array<{ id: string; amount: string }>).map((r) => [Number(r.amount), r.id]));
    Object.assign(ids, { late: byAmount.get(100), early: byAmount.get(20_000), utcMidnight: byAmount.get(3_000) });
  });
  afterAll(() => t.close());

  const get = async <T>(url: string, role: 'church' | 'admin' = 'church') => {
    const res = await t.app.inject({ method: 'GET', url, headers: headers[role] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json() as T;
  };

  it('reached the server today, received on the 1st and the 2nd', async () => {
    const { rows } = await t.database.raw.query(`select created_at from transactions where id = $1`, [ids.late]);
    expect(new Date((rows[0] as { created_at: string }).created_at).toISOString()).toBe('2026-03-03T09:00:00.000Z');
  });

  it('the dashboard counts 23:30 EAT on the 1st on the 1st, and 00:10 EAT on the 2nd on the 2nd', async () => {
    const week = await get<DashboardBreakdowns>('/api/stats/dashboard?period=month');
    expect(week.overTime[0]).toMatchObject({ currentStart: '2026-03-01', current: 100 });
    expect(week.overTime[1]).toMatchObject({ currentStart: '2026-03-02', current: 23_000 });
  });

  it('the offerings report cuts its days at the same midnight', async () => {
    const total = async (from: string, to: string) =>
      (await get<OfferingsReport>(`/api/reports/offerings?from=${from}&to=${to}`)).rows.find((r) => r.offeringTypeId === type.id)?.total ?? 0;
    expect(await total('2026-03-01', '2026-03-01')).toBe(100);
    expect(await total('2026-03-02', '2026-03-02')).toBe(23_000);
    expect(await total('2026-03-03', '2026-03-03')).toBe(0);
  });

  it('the transactions list behind a figure holds the same givings: by the day received, not the day synced', async () => {
    const day = async (d: string) => (await get<TransactionPage>(`/api/transactions?range=custom&from=${d}&to=${d}&status=all`)).data.map((r) => r.id).sort();
    expect(await day('2026-03-01')).toEqual([ids.late]);
    expect(await day('2026-03-02')).toEqual([ids.early, ids.utcMidnight].sort());
    expect(await day('2026-03-03')).toEqual([]);
    // "Today" is Tuesday 3rd in Dar es Salaam; 7 days reach back to Wednesday 25 February and hold all three, newest received first.
    const week = await get<TransactionPage>('/api/transactions?range=7d&status=all');
    expect(week.data.map((r) => r.id)).toEqual([ids.utcMidnight, ids.early, ids.late]);
    expect(week.data.find((r) => r.id === ids.late)?.receivedAt).toBe('2026-03-01T20:30:00.000Z');
  });

  it('the activity log (and every back-office report on the same helper) cuts at 00:00 EAT, not 00:00 UTC', async () => {
    await t.database.db.insert(activityLog).values([
      { userId: w.users.admin.id, action: 'boundary.late', createdAt: new Date('2026-03-01T20:59:59Z') },
      { userId: w.users.admin.id, action: 'boundary.early', createdAt: new Date('2026-03-01T21:00:00Z') },
    ]);
    const actions = async (d: string) =>
      (await get<{ data: Array<{ action: string }> }>(`/api/activities?from=${d}&to=${d}&action=boundary.`, 'admin')).data.map((r) => r.action);
    expect(await actions('2026-03-01')).toEqual(['boundary.late']);
    expect(await actions('2026-03-02')).toEqual(['boundary.early']);
  });
});
