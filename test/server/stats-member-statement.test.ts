import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionLines } from '../../server/db/schema/money';
import { postPaymentLedger } from '../../server/services/payments/payment-ledger';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { createMember, createTransaction, type Member } from '../factories/giving';
import { pdfText } from '../factories/pdf-text';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

describe('member year statement (GET /api/members/{id}/statement?year=)', () => {
  let t: TestApp;
  let w: World;
  let english: Member;
  let swahili: Member;
  const headers = {} as Record<'union' | 'church' | 'churchB' | 'mosque' | 'admin' | 'branch', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    for (const role of ['union', 'church', 'churchB', 'mosque', 'admin', 'branch'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
    english = await createMember(db, { institutionId: w.churchA.id, firstName: 'Grace', lastName: 'Mollel', preferredLanguage: 'en' });
    swahili = await createMember(db, { institutionId: w.churchA.id, firstName: 'Baraka', lastName: 'Kimaro', preferredLanguage: 'sw' });
    const tithe = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Tithe' });
    const building = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Building' });
    await sync(t.app, 'cash-receipts', headers.church, [
      // 31 Dec 2025 23:30 EAT is still 2025; 1 Jan 2026 00:10 EAT is 2026 (both are 2025 in UTC).
      receiptEntry({ institutionId: w.churchA.id, memberId: english.id, receivedAt: '2025-12-31T23:30:00+03:00', lines: [{ offeringTypeId: tithe.id, amount: 900_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, memberId: english.id, receivedAt: '2025-12-31T21:10:00Z', lines: [{ offeringTypeId: tithe.id, amount: 150_000 }, { offeringTypeId: building.id, amount: 25_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, memberId: english.id, receivedAt: '2026-06-07T10:00:00+03:00', lines: [{ offeringTypeId: tithe.id, amount: 50_000 }] }),
      receiptEntry({ institutionId: w.churchA.id, memberId: swahili.id, receivedAt: '2026-06-07T10:00:00+03:00', lines: [{ offeringTypeId: tithe.id, amount: 77_700 }] }),
    ]);
    const online = await createTransaction(db, { institutionId: w.churchA.id, memberId: english.id, amount: 30_000, fee: 300, receivedAt: new Date('2026-08-01T08:00:00Z'), referenceNo: 'ONLINE-REF-1' });
    await db.insert(transactionLines).values({ transactionId: online.id, offeringTypeId: building.id, amount: 30_000 });
    await postPaymentLedger(db, { id: online.id, referenceNo: online.referenceNo, currency: 'TZS', fee: 300, institution: w.churchA, at: new Date('2026-08-01T08:00:00Z') });
    await createTransaction(db, { institutionId: w.churchA.id, memberId: english.id, amount: 99_900, status: 'failed', receivedAt: new Date('2026-08-02T08:00:00Z') });
  });
  afterAll(() => t.close());

  const statement = (role: keyof typeof headers, member: Member, year: number) =>
    t.app.inject({ method: 'GET', url: `/api/members/${member.id}/statement?year=${year}`, headers: headers[role] });

  it('lists the year’s completed payments and receipts (EAT year boundaries) with totals per offering type, in the member’s language', async () => {
    const res = await statement('church', english, 2026);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('-2026.pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Mwenge Church');
    expect(text).toContain('Giving statement 2026');
    expect(text).toContain('Grace Mollel');
    expect(text).toContain('2026-01-01');
    expect(text).toContain('ONLINE-REF-1');
    expect(text).not.toContain('2025-12-31');
    // The failed payment of TSh 999 is not listed (as an amount: the member's code and phone are random and may hold "999").
    expect(text).not.toMatch(/TSh\s*999\.00/);
    // Tithe 1,500 + 500 = 2,000; Building 250 + 300 = 550; all 2,550 (TSh in en-TZ, two decimals).
    expect(text).toMatch(/TSh\s*2,000/);
    expect(text).toMatch(/TSh\s*550/);
    expect(text).toMatch(/TSh\s*2,550/);

    const previous = pdfText((await statement('church', english, 2025)).rawPayload);
    expect(previous).toContain('2025-12-31');
    expect(previous).toMatch(/TSh\s*9,000/);
  });

  it('speaks Swahili to a Swahili-speaking member, whoever asks', async () => {
    const text = pdfText((await statement('union', swahili, 2026)).rawPayload);
    expect(text).toContain('Taarifa ya utoaji 2026');
    expect(text).toContain('Baraka Kimaro');
    const empty = pdfText((await statement('church', swahili, 2024)).rawPayload);
    expect(empty).toContain('Hakuna utoaji uliorekodiwa mwaka huu.');
  });

  it('is not found outside the caller’s scope, and refuses a bad year', async () => {
    expect((await statement('churchB', english, 2026)).statusCode).toBe(404);
    expect((await statement('mosque', english, 2026)).statusCode).toBe(404);
    expect((await statement('union', english, 2026)).statusCode).toBe(200);
    expect((await statement('admin', english, 2026)).statusCode).toBe(200);
    expect((await statement('branch', english, 2026)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/members/${english.id}/statement?year=2026` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/members/${english.id}/statement?year=20x6`, headers: headers.church })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/members/99999999/statement?year=2026', headers: headers.admin })).statusCode).toBe(404);
  });
});
