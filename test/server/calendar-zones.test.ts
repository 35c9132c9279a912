import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../domain/api/dashboard';
import type { TransactionPage } from '../../domain/api/payments';
import type { CashReceiptPage } from '../../domain/api/receipts';
import type { OfferingsReport } from '../../domain/api/stats';
import { institutions } from '../../server/db/schema/institutions';
import { transactionLines } from '../../server/db/schema/money';
import { createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { createMember, createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = 'church' | 'churchB' | 'admin';

/**
 * ADR 077: every date filter, export and dashboard takes its days from domain/calendar in the zone of
 * the institution in view, and "today" from the app clock. The clock stands at 00:30 on 1 April in
 * Dar es Salaam, which is still 31 March in UTC and (23:30) in Kigali, where Sinza Church is put.
 */
describe('days in the institution’s zone by the app clock', () => {
  const clock = new Date('2026-03-31T21:30:00Z');
  let t: TestApp;
  let w: World;
  let sadaka: OfferingTypeRow;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: { STATEMENT_LINK_DAYS: '30' } });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    // Before anyone signs in: a session carries its institution's zone.
    await db.update(institutions).set({ timeZone: 'Africa/Kigali' }).where(eq(institutions.id, w.churchB.id));
    for (const role of ['church', 'churchB', 'admin'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    sadaka = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Sadaka', churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    const kigali = await createOfferingType(db, { institutionId: w.churchB.id, title: 'Sadaka', churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    const synced = async (role: Role, entries: unknown[]) => {
      const results = await sync(t.app, 'cash-receipts', headers[role], entries);
      expect(results.every((r) => r.status === 'created'), JSON.stringify(results)).toBe(true);
    };
    await synced('church', [
      receiptEntry({ institutionId: w.churchA.id, receiptNo: 'LAST-SECOND', receivedAt: '2026-03-31T23:59:59+03:00', lines: [{ offeringTypeId: sadaka.id, amount: 100 }] }),
      receiptEntry({ institutionId: w.churchA.id, receiptNo: 'FIRST-SECOND', receivedAt: '2026-04-01T00:00:00+03:00', lines: [{ offeringTypeId: sadaka.id, amount: 20_000 }] }),
    ]);
    // 23:15 in Kigali on the 31st is 00:15 on 1 April in Dar es Salaam.
    await synced('churchB', [receiptEntry({ institutionId: w.churchB.id, receiptNo: 'KIGALI-LATE', receivedAt: '2026-03-31T23:15:00+02:00', lines: [{ offeringTypeId: kigali.id, amount: 3_000 }] })]);
  });
  afterAll(() => t.close());

  const get = async (url: string, role: Role) => {
    const res = await t.app.inject({ method: 'GET', url, headers: headers[role] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res;
  };
  const receipts = async (query: string, role: Role = 'church') => ((await get(`/api/cash-receipts${query}`, role)).json() as CashReceiptPage).data.map((row) => row.receiptNo);

  it('a cash receipt at 23:59:59 falls in that day’s filter and one at 00:00:00 in the next day’s (East Africa Time)', async () => {
    expect(await receipts('?from=2026-03-31&to=2026-03-31')).toEqual(['LAST-SECOND']);
    expect(await receipts('?from=2026-04-01&to=2026-04-01')).toEqual(['FIRST-SECOND']);
    expect(await receipts('?to=2026-03-31')).toEqual(['LAST-SECOND']);
    expect(await receipts('?from=2026-04-01')).toEqual(['FIRST-SECOND']);
  });

  it('a church in another zone filters by its own days, also when the bank asks about it', async () => {
    expect(await receipts('?from=2026-03-31&to=2026-03-31', 'churchB')).toEqual(['KIGALI-LATE']);
    expect(await receipts(`?institutionId=${w.churchB.id}&from=2026-03-31&to=2026-03-31`, 'admin')).toEqual(['KIGALI-LATE']);
    // The transactions list: the church's zone when it is chosen, East Africa Time across the bank.
    const list = async (query: string) => ((await get(`/api/transactions?range=custom&from=2026-03-31&to=2026-03-31${query}`, 'admin')).json() as TransactionPage).data.map((row) => row.receiptNo);
    expect(await list(`&institutionId=${w.churchB.id}`)).toEqual(['KIGALI-LATE']);
    expect(await list('')).toEqual(['LAST-SECOND']);
  });

  it('names an export file by the day in the institution’s zone at 00:30 EAT, not the UTC day, and prints local times', async () => {
    const church = await get('/api/cash-receipts/export?format=csv', 'church');
    expect(church.headers['content-disposition']).toBe('attachment; filename="cash-receipts-2026-04-01.csv"');
    expect(church.body).toContain('2026-03-31 23:59');
    expect(church.body).toContain('2026-04-01 00:00');
    const kigali = await get('/api/cash-receipts/export?format=csv', 'churchB');
    expect(kigali.headers['content-disposition']).toBe('attachment; filename="cash-receipts-2026-03-31.csv"');
    expect(kigali.body).toContain('2026-03-31 23:15');
    const bank = await get('/api/transactions/export?format=csv&range=today', 'admin');
    expect(bank.headers['content-disposition']).toBe('attachment; filename="transactions-2026-04-01.csv"');
    expect(bank.body).toContain('2026-04-01 00:00');
    expect(bank.body).not.toContain('2026-03-31 23:59');
  });

  it('the dashboard’s "this month" is the month of today where the caller’s institution is', async () => {
    const summary = async (role: Role) => (await get('/api/dashboard/summary', role)).json() as DashboardSummary;
    // April in Dar es Salaam: the first second of April only.
    expect((await summary('church')).collectedThisMonth.amount).toBe(20_000);
    // Still March in Kigali: the 23:15 receipt is this month's.
    expect((await summary('churchB')).collectedThisMonth.amount).toBe(3_000);
  });

  it('the bank’s offerings report reads today (1 April in East Africa) from the app clock', async () => {
    const report = async (from: string, to: string) => (await get(`/api/reports/offerings?from=${from}&to=${to}`, 'admin')).json() as OfferingsReport;
    // The read model counts each giving on its own institution's day (ADR 030): Kigali's 23:15 is in March.
    expect((await report('2026-04-01', '2026-04-01')).totals.total).toBe(20_000);
    expect((await report('2026-03-01', '2026-03-31')).totals.total).toBe(100 + 3_000);
  });

  it('a statement link sent at 00:30 EAT is valid until a day in the church’s zone (30 days on), not a UTC day', async () => {
    const db = t.database.db;
    const member = await createMember(db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Kimaro', preferredLanguage: 'sw' });
    const giving = await createTransaction(db, { institutionId: w.churchA.id, memberId: member.id, amount: 5_000, receivedAt: new Date('2026-02-01T07:00:00Z') });
    await db.insert(transactionLines).values({ transactionId: giving.id, offeringTypeId: sadaka.id, amount: 5_000 });
    const res = await t.app.inject({ method: 'POST', url: `/api/members/${member.id}/statement/send`, headers: headers.church, payload: { year: 2026 } });
    expect(res.statusCode, res.body).toBe(201);
    const [sms] = await t.smsInbox(member.phone);
    // 21:30 UTC on 30 April is 00:30 on 1 May in Dar es Salaam.
    expect(sms?.message).toContain('kabla ya 2026-05-01:');
  });
});
