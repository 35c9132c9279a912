import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashReceiptPage } from '../../domain/api/receipts';
import { receiptExportColumns } from '../../domain/messages-receipts';
import { batchEntry, createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { createMember, createTransaction, type Member } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'] | 'deputy';

describe('cash receipt history and export (GET /api/cash-receipts, /api/cash-receipts/export)', () => {
  let t: TestApp;
  let w: World;
  let tithe: OfferingTypeRow;
  let offering: OfferingTypeRow;
  let typeB: OfferingTypeRow;
  let neema: Member;
  let deputyId: number;
  const batch = { id: '' };
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    tithe = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Zaka', churchBp: 0, fieldBp: 5000, unionBp: 5000 });
    offering = await createOfferingType(db, { institutionId: w.churchA.id, title: 'Sadaka' });
    typeB = await createOfferingType(db, { institutionId: w.churchB.id, title: 'Sadaka' });
    neema = await createMember(db, { institutionId: w.churchA.id, firstName: 'Neema', lastName: 'Mushi', code: 'MWG-0001', phone: '+255754100200' });
    const deputy = await createUser(db, { role: 'Church Treasurer', institutionId: w.churchA.id, name: 'Deputy Treasurer' });
    deputyId = deputy.id;
    for (const role of Object.keys(w.users) as Array<keyof World['users']>) headers[role] = (await signIn(t.app, w.users[role])).headers;
    headers.deputy = (await signIn(t.app, deputy)).headers;

    const open = batchEntry({ institutionId: w.churchA.id, name: 'Jumapili 1' });
    batch.id = open.id;
    await sync(t.app, 'receipt-batches', headers.church, [open]);
    const a = w.churchA.id;
    const ok = async (role: Role, entries: unknown[]) => {
      const results = await sync(t.app, 'cash-receipts', headers[role], entries);
      expect(results.every((r) => r.status === 'created'), JSON.stringify(results)).toBe(true);
    };
    await ok('church', [
      receiptEntry({ institutionId: a, memberId: neema.id, batchId: open.id, receiptNo: 'MWG-A-0001', receivedAt: '2026-03-01T10:00:00+03:00', note: 'Bahasha 1', lines: [{ offeringTypeId: tithe.id, amount: 10_000 }, { offeringTypeId: offering.id, amount: 5_000 }] }),
      // Just before and just after midnight, East Africa Time, on either side of 1 March.
      receiptEntry({ institutionId: a, receiptNo: 'MWG-A-0005', receivedAt: '2026-02-28T23:30:00+03:00', lines: [{ offeringTypeId: offering.id, amount: 1_000 }] }),
      receiptEntry({ institutionId: a, receiptNo: 'MWG-A-0006', receivedAt: '2026-03-01T00:30:00+03:00', lines: [{ offeringTypeId: offering.id, amount: 500 }] }),
    ]);
    await ok('deputy', [
      receiptEntry({ institutionId: a, receiptNo: 'MWG-B-0002', method: 'cheque', chequeNo: '00123', receivedAt: '2026-03-08T11:00:00+03:00', lines: [{ offeringTypeId: offering.id, amount: 2_000 }] }),
      receiptEntry({ institutionId: a, memberId: neema.id, receiptNo: 'MWG-B-0003', receivedAt: '2026-03-15T09:00:00+03:00', lines: [{ offeringTypeId: tithe.id, amount: 7_000 }] }),
    ]);
    await ok('churchB', [receiptEntry({ institutionId: w.churchB.id, receivedAt: '2026-03-08T10:00:00+03:00', lines: [{ offeringTypeId: typeB.id, amount: 4_000 }] })]);
    // A mobile payment is not a cash receipt.
    await createTransaction(db, { institutionId: a, memberId: neema.id, amount: 99_999 });
  });
  afterAll(() => t.close());

  const history = async (role: Role, query = ''): Promise<CashReceiptPage> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/cash-receipts${query}`, headers: headers[role] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CashReceiptPage;
  };
  const numbers = (page: CashReceiptPage) => page.data.map((row) => row.receiptNo);

  it('lists the caller’s cash receipts newest first, with lines, giver, batch, recorder and SMS state', async () => {
    const page = await history('church');
    expect(numbers(page)).toEqual(['MWG-B-0003', 'MWG-B-0002', 'MWG-A-0001', 'MWG-A-0006', 'MWG-A-0005']);
    expect(page.count).toBe(5);
    const first = page.data.find((row) => row.receiptNo === 'MWG-A-0001')!;
    expect(first).toMatchObject({
      institutionId: w.churchA.id,
      memberId: neema.id,
      memberName: 'Neema Mushi',
      memberCode: 'MWG-0001',
      payerName: null,
      payerPhone: '+255754100200',
      method: 'cash',
      currency: 'TZS',
      amount: 15_000,
      lines: [{ offeringTypeId: tithe.id, title: 'Zaka', amount: 10_000 }, { offeringTypeId: offering.id, title: 'Sadaka', amount: 5_000 }],
      batchId: batch.id,
      batchName: 'Jumapili 1',
      note: 'Bahasha 1',
      receivedAt: '2026-03-01T07:00:00.000Z',
      recordedBy: w.users.church.id,
      smsStatus: 'queued',
    });
    expect(page.data.find((row) => row.receiptNo === 'MWG-B-0002')).toMatchObject({ method: 'cheque', chequeNo: '00123', payerName: 'Asha Mgeni', recordedByName: 'Deputy Treasurer' });
  });

  it('totals cover the whole filtered set, not just the page', async () => {
    const page = await history('church', '?limit=2&offset=1');
    expect(page.data).toHaveLength(2);
    expect(numbers(page)).toEqual(['MWG-B-0002', 'MWG-A-0001']);
    expect(page.count).toBe(5);
    expect(page.totals).toEqual({
      amount: 25_500,
      byOfferingType: [
        { offeringTypeId: tithe.id, title: 'Zaka', amount: 17_000, count: 2 },
        { offeringTypeId: offering.id, title: 'Sadaka', amount: 8_500, count: 4 },
      ],
      byCurrency: [{ currency: 'TZS', amount: 25_500, count: 5 }],
    });
  });

  it('filters by date range (East Africa Time days), offering type, member, batch, recorder and method', async () => {
    expect(numbers(await history('church', '?from=2026-03-01&to=2026-03-08'))).toEqual(['MWG-B-0002', 'MWG-A-0001', 'MWG-A-0006']);
    expect(numbers(await history('church', '?to=2026-02-28'))).toEqual(['MWG-A-0005']);
    const tithes = await history('church', `?offeringTypeId=${tithe.id}`);
    expect(numbers(tithes)).toEqual(['MWG-B-0003', 'MWG-A-0001']);
    expect(tithes.totals.amount).toBe(22_000);
    expect(numbers(await history('church', `?memberId=${neema.id}`))).toEqual(['MWG-B-0003', 'MWG-A-0001']);
    expect(numbers(await history('church', `?batchId=${batch.id}`))).toEqual(['MWG-A-0001']);
    expect(numbers(await history('church', `?recordedBy=${deputyId}`))).toEqual(['MWG-B-0003', 'MWG-B-0002']);
    expect(numbers(await history('church', '?method=cheque'))).toEqual(['MWG-B-0002']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/cash-receipts?from=01-03-2026', headers: { ...headers.church, lang: 'en' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('From date is not valid');
  });

  it('is scoped to the caller', async () => {
    expect((await history('churchB')).count).toBe(1);
    expect((await history('union')).count).toBe(6);
    expect((await history('admin')).count).toBe(6);
    expect((await history('branch')).count).toBe(6);
    expect((await history('mosque')).count).toBe(0);
    const refused = await t.app.inject({ method: 'GET', url: `/api/cash-receipts?institutionId=${w.churchB.id}`, headers: headers.church });
    expect(refused.statusCode).toBe(403);
  });

  const download = (role: Role, query: string, lang: 'sw' | 'en') =>
    t.app.inject({ method: 'GET', url: `/api/cash-receipts/export${query}`, headers: { ...headers[role], lang } });
  const headings = (lang: 'sw' | 'en') => Object.values(receiptExportColumns).map((d) => t.ctx.translator.t(lang, d));

  it('exports CSV that parses back: localised headings, one row per receipt, amounts in major units', async () => {
    const res = await download('church', '?format=csv', 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cash-receipts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const workbook = new ExcelJS.Workbook();
    const sheet = await workbook.csv.read(Readable.from(res.rawPayload.subarray(3)), { map: (value: string) => value } as never);
    const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1).map((cell) => String(cell ?? '')));
    expect(rows[0]).toEqual(headings('en'));
    expect(rows).toHaveLength(6);
    const byNumber = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byNumber.get('MWG-A-0001')).toEqual([
      'MWG-A-0001', '2026-03-01 10:00', 'MWG-0001', 'Neema Mushi', '+255754100200', 'Cash', '', 'Zaka: 100.00; Sadaka: 50.00', 'TZS', '150.00', 'Jumapili 1',
      expect.any(String), 'Bahasha 1', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), 'queued',
    ]);
    expect(byNumber.get('MWG-B-0002')?.slice(5, 7)).toEqual(['Cheque', '00123']);
    // Swahili headings, and the filters apply.
    const sw = await download('church', '?format=csv&method=cheque', 'sw');
    const swText = sw.rawPayload.toString('utf8');
    expect(swText.startsWith('\ufeff')).toBe(true);
    expect(swText.split('\n')[0]).toBe(`\ufeff${headings('sw').join(',')}`);
    expect(swText.trim().split('\n')).toHaveLength(2);
    expect(sw.headers['x-export-count']).toBe('1');
  });

  it('exports an Excel workbook that exceljs reads back', async () => {
    const res = await download('union', '?format=xlsx', 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cash-receipts-.*\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(7);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headings('en'));
    const amounts = [];
    for (let r = 2; r <= sheet.rowCount; r++) amounts.push(sheet.getRow(r).getCell(10).value);
    expect((amounts as number[]).reduce((sum, v) => sum + v, 0)).toBe(295);
  });

  it('export is scoped like the history: another institution’s id is refused', async () => {
    expect((await download('church', `?institutionId=${w.churchB.id}`, 'en')).statusCode).toBe(403);
    const mosque = await download('mosque', '', 'en');
    expect(mosque.statusCode).toBe(200);
    expect(mosque.rawPayload.toString('utf8').trim().split('\n')).toHaveLength(1);
  });
});
