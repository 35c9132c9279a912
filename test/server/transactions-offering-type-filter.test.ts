import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionPage } from '../../domain/api/payments';
import type { DashboardBreakdowns } from '../../domain/api/stats';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = 'admin' | 'union' | 'church' | 'mosque';

/**
 * The transactions list filtered by offering type (ADR 075): the list behind the dashboard's row of
 * that type. A transaction with a line of the type is listed whole; none outside the caller's scope.
 */
describe('transactions filtered by offering type', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;
  let sadaka: number;
  let zaka: number;

  beforeAll(async () => {
    // Wednesday 18 March 2026 in Dar es Salaam: this month is 1–18 March.
    t = await createTestApp({ now: () => new Date('2026-03-18T09:00:00Z') });
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    for (const role of ['admin', 'union', 'church', 'mosque'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    const db = t.database.db;
    sadaka = (await createOfferingType(db, { institutionId: w.churchA.id, title: 'Sadaka' })).id;
    zaka = (await createOfferingType(db, { institutionId: w.churchA.id, title: 'Zaka' })).id;
    await sync(t.app, 'cash-receipts', headers.church, [
      // One giving split over both types, one of Sadaka alone, one of Zaka alone last month.
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-15T10:00:00+03:00', lines: [{ offeringTypeId: sadaka, amount: 1_000 }, { offeringTypeId: zaka, amount: 2_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-16T10:00:00+03:00', lines: [{ offeringTypeId: sadaka, amount: 4_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-02-20T10:00:00+03:00', lines: [{ offeringTypeId: zaka, amount: 8_000 }] }),
    ]);
  });
  afterAll(() => t.close());

  const list = async (role: Role, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/transactions?status=completed&range=custom&from=2026-03-01&to=2026-03-18&limit=100&${query}`, headers: headers[role] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json() as TransactionPage;
  };

  it('lists each transaction with a line of the type once, whole, with totals over those transactions', async () => {
    for (const role of ['admin', 'union', 'church'] as const) {
      const bySadaka = await list(role, `offeringTypeId=${sadaka}`);
      expect(bySadaka.data.map((row) => row.amount).sort(), role).toEqual([3_000, 4_000]);
      expect(bySadaka.totals, role).toEqual([expect.objectContaining({ currency: 'TZS', amount: 7_000, count: 2 })]);
      expect(bySadaka.count).toBe(2);
      // The split giving is in Zaka's list too; last month's Zaka giving is outside the range.
      const byZaka = await list(role, `offeringTypeId=${zaka}`);
      expect(byZaka.data.map((row) => row.amount), role).toEqual([3_000]);
    }
    // Without the filter, the month holds both.
    expect((await list('church', '')).count).toBe(2);
  });

  it('shows nothing of another institution: the filter narrows the caller\'s scope, never widens it', async () => {
    const mosque = await list('mosque', `offeringTypeId=${sadaka}`);
    expect(mosque.data).toEqual([]);
    expect(mosque.count).toBe(0);
  });

  it('the dashboard names each type with the id its link filters on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/dashboard?period=month', headers: headers.church });
    const dashboard = res.json() as DashboardBreakdowns;
    const row = dashboard.byOfferingType.find((type) => type.title === 'Sadaka')!;
    expect(row).toMatchObject({ offeringTypeId: sadaka, total: 5_000 });
    const behind = await list('church', `offeringTypeId=${row.offeringTypeId}`);
    // The list holds the transactions that carry the type: each line of Sadaka is in one of them.
    expect(behind.data).toHaveLength(2);
  });

  it('refuses an offering type that is not a record id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions?offeringTypeId=abc', headers: headers.admin });
    expect(res.statusCode).toBe(400);
  });
});
