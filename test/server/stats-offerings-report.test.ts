import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferingsReport } from '../../domain/api/stats';
import { dayOf } from '../../domain/calendar';
import { transactionLines } from '../../server/db/schema/money';
import { postPaymentLedger } from '../../server/services/payments/payment-ledger';
import { createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { createTransaction } from '../factories/giving';
import type { Institution } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/** Midnight in Dar es Salaam is 21:00 UTC the day before. */
const EAT_MIDNIGHT_MAR_2 = Date.parse('2026-03-01T21:00:00Z');
const DAYS = ['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];

type LedgerLine = { account: string; offeringTypeId: number | null; credit: number; debit: number; institutionId: number; currency: string; receivedAt: Date };

describe('offerings report', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<'union' | 'church' | 'churchB' | 'mosque' | 'branch' | 'admin', Record<string, string>>;
  let types: { a: OfferingTypeRow[]; b: OfferingTypeRow[] };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    await createCurrency(db, { alphaCode: 'USD', numericCode: '840', territory: 'United States' });
    types = {
      a: [
        await createOfferingType(db, { institutionId: w.churchA.id, title: 'Zaka', churchBp: 0, fieldBp: 10_000, unionBp: 0 }),
        await createOfferingType(db, { institutionId: w.churchA.id, title: 'Sadaka', churchBp: 5_800, fieldBp: 2_100, unionBp: 2_100 }),
        await createOfferingType(db, { institutionId: w.churchA.id, title: 'Jengo', churchBp: 10_000, fieldBp: 0, unionBp: 0 }),
      ],
      b: [await createOfferingType(db, { institutionId: w.churchB.id, title: 'Sadaka', churchBp: 3_333, fieldBp: 3_333, unionBp: 3_334 })],
    };
    for (const role of ['union', 'church', 'churchB', 'mosque', 'branch', 'admin'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const report = async (role: keyof typeof headers, query: string) => t.app.inject({ method: 'GET', url: `/api/reports/offerings?${query}`, headers: headers[role] });

  async function ledgerLines(): Promise<LedgerLine[]> {
    type Raw = { account: string; offering_type_id: number | null; credit: string; debit: string; institution_id: number; currency: string; received_at: Date };
    const { rows } = await t.database.raw.query(
      `select l.account, l.offering_type_id, l.credit, l.debit, x.institution_id, x.currency, x.received_at
         from ledger_lines l join ledger_entries e on e.id = l.entry_id join transactions x on x.id = e.transaction_id`,
    );
    return (rows as Raw[]).map((r) => ({
      account: r.account,
      offeringTypeId: r.offering_type_id,
      credit: Number(r.credit),
      debit: Number(r.debit),
      institutionId: r.institution_id,
      currency: r.currency,
      receivedAt: new Date(r.received_at),
    }));
  }

  /** The ledger's own sums for a filter, computed here line by line (days through dayOf, the subtree from the world). */
  function expectedFromLedger(lines: LedgerLine[], filter: { from: string; to: string; under: number[]; currency: string }) {
    const byType = new Map<number, { church: number; field: number; union: number }>();
    for (const line of lines) {
      if (!line.account.startsWith('share:') || line.currency !== filter.currency || !filter.under.includes(line.institutionId)) continue;
      const day = dayOf(line.receivedAt, 'Africa/Dar_es_Salaam');
      if (day < filter.from || day > filter.to) continue;
      const sums = byType.get(line.offeringTypeId!) ?? { church: 0, field: 0, union: 0 };
      sums[line.account.slice(6) as 'church' | 'field' | 'union'] += line.credit - line.debit;
      byType.set(line.offeringTypeId!, sums);
    }
    return byType;
  }

  function subtreeIds(root: Institution): number[] {
    return [w.union, w.field, w.district, w.churchA, w.churchB].filter((i) => i.path.startsWith(root.path)).map((i) => i.id);
  }

  async function givePayment(institution: Institution, type: OfferingTypeRow, amount: number, fee: number, receivedAt: Date) {
    const db = t.database.db;
    const payment = await createTransaction(db, { institutionId: institution.id, amount, fee, receivedAt, completedAt: receivedAt });
    await db.insert(transactionLines).values({ transactionId: payment.id, offeringTypeId: type.id, amount });
    await postPaymentLedger(db, { id: payment.id, referenceNo: payment.referenceNo, currency: 'TZS', fee, institution, at: receivedAt });
  }

  it('every figure equals the ledger’s sum for the same filter (property over random givings and filters)', async () => {
    const instant = fc.integer({ min: Date.parse('2026-02-27T18:00:00Z'), max: Date.parse('2026-03-04T23:00:00Z') }).map((ms) => new Date(ms));
    const nearMidnight = fc.integer({ min: -2_000, max: 2_000 }).map((s) => new Date(EAT_MIDNIGHT_MAR_2 + s * 1000));
    const giving = fc.record({
      church: fc.constantFrom<'a' | 'b'>('a', 'b'),
      typeIndex: fc.nat({ max: 2 }),
      amount: fc.integer({ min: 1, max: 5_000_000 }),
      fee: fc.integer({ min: 0, max: 500 }),
      online: fc.boolean(),
      usd: fc.boolean(),
      at: fc.oneof(instant, nearMidnight),
    });
    const filter = fc.record({
      from: fc.constantFrom(...DAYS),
      span: fc.nat({ max: 3 }),
      root: fc.constantFrom<'union' | 'field' | 'district' | 'churchA' | 'churchB' | null>('union', 'field', 'district', 'churchA', 'churchB', null),
      currency: fc.constantFrom('TZS', 'USD'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(giving, { minLength: 1, maxLength: 6 }), filter, async (givings, f) => {
        for (const g of givings) {
          const institution = g.church === 'a' ? w.churchA : w.churchB;
          const type = g.church === 'a' ? types.a[g.typeIndex]! : types.b[0]!;
          if (g.online && !g.usd) await givePayment(institution, type, g.amount, Math.min(g.fee, g.amount - 1), g.at);
          else {
            const entry = receiptEntry({ institutionId: institution.id, currency: g.usd ? 'USD' : 'TZS', receivedAt: g.at.toISOString(), lines: [{ offeringTypeId: type.id, amount: g.amount }] });
            const [result] = await sync(t.app, 'cash-receipts', g.church === 'a' ? headers.church : headers.churchB, [entry]);
            expect(result?.status).toBe('created');
          }
        }
        const to = DAYS[Math.min(DAYS.indexOf(f.from) + f.span, DAYS.length - 1)]!;
        const root = f.root ? w[f.root] : null;
        const expected = expectedFromLedger(await ledgerLines(), { from: f.from, to, under: subtreeIds(root ?? w.union), currency: f.currency });
        const nonEmpty = [...expected].filter(([, s]) => s.church !== 0 || s.field !== 0 || s.union !== 0);
        // With no institution chosen, the bank admin and the branch officer (the whole tree is on their branch, the mosque
        // has no givings) read the same figures from the bank's rollup by offering type (ADR 066), the union from its rows.
        for (const role of root ? (['union'] as const) : (['union', 'admin', 'branch'] as const)) {
          const res = await report(role, `from=${f.from}&to=${to}&currency=${f.currency}${root ? `&institutionId=${root.id}` : ''}`);
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as OfferingsReport;
          expect(body.rows.map((r) => r.offeringTypeId).sort(), role).toEqual(nonEmpty.map(([id]) => id).sort());
          for (const row of body.rows) {
            const sums = expected.get(row.offeringTypeId)!;
            expect({ church: row.church, field: row.field, union: row.union }, role).toEqual(sums);
            expect(row.total).toBe(row.church + row.field + row.union);
          }
          for (const key of ['total', 'church', 'field', 'union'] as const) expect(body.totals[key]).toBe(body.rows.reduce((sum, r) => sum + r[key], 0));
          expect(body.types).toBe(body.rows.length);
          // The page's first two types (ADR 071): the whole report's first two rows, its totals and its count.
          const first = await report(role, `from=${f.from}&to=${to}&currency=${f.currency}${root ? `&institutionId=${root.id}` : ''}&limit=2`);
          expect(first.json(), role).toMatchObject({ rows: body.rows.slice(0, 2), totals: body.totals, types: body.types });
        }
      }),
      { numRuns: 25 },
    );
  });

  it('counts a giving on its East Africa day: 23:59:59 EAT is the day before, 00:00:00 EAT the day after', async () => {
    const db = t.database.db;
    const church = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Midnight', churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    const before = receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-05-10T23:59:59+03:00', lines: [{ offeringTypeId: church.id, amount: 111 }] });
    const after = receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-05-10T21:00:00Z', lines: [{ offeringTypeId: church.id, amount: 2_000 }] });
    await sync(t.app, 'cash-receipts', headers.church, [before, after]);
    const rowOf = async (from: string, to: string) => {
      const res = await report('church', `from=${from}&to=${to}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as OfferingsReport).rows.find((r) => r.offeringTypeId === church.id)?.total ?? 0;
    };
    expect(await rowOf('2026-05-10', '2026-05-10')).toBe(111);
    expect(await rowOf('2026-05-11', '2026-05-11')).toBe(2_000);
    expect(await rowOf('2026-05-10', '2026-05-11')).toBe(2_111);
    // Midnight UTC (03:00 EAT) is no boundary.
    expect(await rowOf('2026-05-09', '2026-05-09')).toBe(0);
  });

  it('is scoped: each role sees its own subtree, and an institution outside it is not found', async () => {
    const db = t.database.db;
    const onlyB = await createOfferingType(db, { institutionId: w.churchB.id, title: 'Only B', churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    await sync(t.app, 'cash-receipts', headers.churchB, [receiptEntry({ institutionId: w.churchB.id, receivedAt: '2026-06-01T10:00:00+03:00', lines: [{ offeringTypeId: onlyB.id, amount: 700 }] })]);
    const sees = async (role: keyof typeof headers, query = '') => {
      const res = await report(role, `from=2026-06-01&to=2026-06-01${query}`);
      return { status: res.statusCode, total: res.statusCode === 200 ? (res.json() as OfferingsReport).totals.total : null };
    };
    expect(await sees('union')).toEqual({ status: 200, total: 700 });
    expect(await sees('branch')).toEqual({ status: 200, total: 700 });
    expect(await sees('admin')).toEqual({ status: 200, total: 700 });
    expect(await sees('churchB')).toEqual({ status: 200, total: 700 });
    expect(await sees('church')).toEqual({ status: 200, total: 0 });
    expect(await sees('mosque')).toEqual({ status: 200, total: 0 });
    expect((await sees('church', `&institutionId=${w.churchB.id}`)).status).toBe(404);
    expect((await sees('mosque', `&institutionId=${w.union.id}`)).status).toBe(404);
    expect((await sees('church', `&institutionId=${w.union.id}`)).status).toBe(404);
    expect(await sees('union', `&institutionId=${w.churchA.id}`)).toEqual({ status: 200, total: 0 });
    // A church treasurer may read (stats:view) but not export (no export grant).
    expect((await sees('churchB', '&format=csv')).status).toBe(403);
  });

  it('answers the same figures as CSV (formulas neutralised), XLSX and PDF', async () => {
    const db = t.database.db;
    const sneaky = await createOfferingType(db, { institutionId: w.churchA.id, title: '=HYPERLINK("http://x")', churchBp: 5_000, fieldBp: 3_000, unionBp: 2_000 });
    await sync(t.app, 'cash-receipts', headers.church, [receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-07-05T10:00:00+03:00', lines: [{ offeringTypeId: sneaky.id, amount: 12_345 }] })]);
    const q = `from=2026-07-05&to=2026-07-05&institutionId=${w.churchA.id}`;
    const csv = await report('union', `${q}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('offerings-2026-07-05-2026-07-05.csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")",123.45,61.73,37.03,24.69`);
    expect(lines.at(-1)).toContain('123.45,61.73,37.03,24.69');

    const xlsx = await report('union', `${q}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(2).value).toBe(123.45);

    const pdf = await report('union', `${q}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a reversed or impossible period', async () => {
    expect((await report('union', 'from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
    expect((await report('union', 'from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
  });

  it('answers an unknown institution as not found, even to the bank administrator', async () => {
    expect((await report('admin', 'from=2026-03-01&to=2026-03-01&institutionId=999999')).statusCode).toBe(404);
  });
});
