import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../domain/csv-table';
import { type ExportFormat, writeExport } from '../../server/lib/export/export-writer';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { pdfText } from '../factories/pdf-text';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

// ADR 074: a table's total rows are written after its body in CSV, XLSX and PDF, and the PDF's row
// cap cuts only the body: a bank admin's offerings report (6,064 types at the default scale, past
// the 5,000-row cap) still ends with its totals, after a line saying how many rows it shows of how many.

type Row = { name: string; amount: number };
const columns = [
  { header: 'Name', value: (r: Row) => r.name },
  { header: 'Amount', value: (r: Row) => r.amount, numFmt: '#,##0.00' },
];
const body: Row[] = Array.from({ length: 7 }, (_, i) => ({ name: `Row ${i + 1}`, amount: (i + 1) * 100 }));
const totals: Row = { name: 'Totals', amount: 2_800 };

async function bytesOf(format: ExportFormat, spec: Partial<Parameters<typeof writeExport<Row>>[0]> = {}): Promise<Buffer> {
  const file = await writeExport<Row>({ title: 'Giving', columns, rows: body, totalRows: [totals], pdfMaxRows: 3, ...spec }, format);
  return buffer(file.body);
}

describe('total rows in the one export writer', () => {
  it('PDF past its cap: the first rows, the line "first N of M", then the totals of every row', async () => {
    const text = pdfText(await bytesOf('pdf'));
    expect(text).toContain('Row 3');
    expect(text).not.toContain('Row 4');
    const note = 'This PDF shows the first 3 of 7 rows; the totals below count all 7. Export as CSV or Excel to get every row.';
    expect(text).toContain(note);
    expect(text.indexOf('Row 3')).toBeLessThan(text.indexOf(note));
    expect(text.indexOf(note)).toBeLessThan(text.indexOf('Totals'));
    expect(text.slice(text.indexOf('Totals'))).toContain('2800');
  });

  it('PDF within its cap: every row, the totals, no cut line', async () => {
    const text = pdfText(await bytesOf('pdf', { pdfMaxRows: 7 }));
    expect(text).toContain('Row 7');
    expect(text).not.toContain('This PDF shows');
    expect(text.indexOf('Row 7')).toBeLessThan(text.indexOf('Totals'));
  });

  it('PDF past its cap without totals says so in the reader’s language', async () => {
    const sw = (descriptor: { id: string }, values: Record<string, unknown> = {}) => `${descriptor.id} ${String(values.shown)}/${String(values.all)}`;
    const text = pdfText(await bytesOf('pdf', { totalRows: [], t: sw }));
    expect(text).toContain('export.pdfFirstRows 3/7');
    expect(text).not.toContain('Totals');
  });

  it('PDF of rows it cannot count beforehand: reads on to count them unless the caller gives the count', async () => {
    let pulled = 0;
    function* rows() {
      for (const row of body) {
        pulled += 1;
        yield row;
      }
    }
    expect(pdfText(await bytesOf('pdf', { rows: rows() }))).toContain('first 3 of 7 rows');
    expect(pulled).toBe(7);
    pulled = 0;
    expect(pdfText(await bytesOf('pdf', { rows: rows(), rowCount: 7 }))).toContain('first 3 of 7 rows');
    expect(pulled).toBe(4);
  });

  it('CSV carries every row, then the totals (the PDF cap does not apply)', async () => {
    const records = parseCsv((await bytesOf('csv')).toString('utf8')).filter((r) => r.some(Boolean));
    expect(records).toHaveLength(1 + 7 + 1);
    expect(records[7]).toEqual(['Row 7', '700']);
    expect(records[8]).toEqual(['Totals', '2800']);
  });

  it('XLSX carries every row, then the totals in bold with the column’s number format', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await bytesOf('xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(8).values).toEqual([undefined, 'Row 7', 700]);
    expect(sheet.getRow(8).getCell(2).font?.bold).toBeFalsy();
    expect(sheet.getRow(9).values).toEqual([undefined, 'Totals', 2800]);
    expect(sheet.getRow(9).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(9).getCell(2).font?.bold).toBe(true);
    expect(sheet.getRow(9).getCell(2).numFmt).toBe('#,##0.00');
  });
});

describe('the offerings report past the PDF cap (EXPORT_PDF_MAX_ROWS=2)', () => {
  let t: TestApp;
  let w: World;
  let headers: Record<string, string>;
  const AMOUNTS = [50_000, 40_000, 30_000, 20_000, 10_000];
  const q = () => `/api/reports/offerings?from=2026-07-05&to=2026-07-05&institutionId=${w.churchA.id}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { EXPORT_PDF_MAX_ROWS: '2' } });
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    const types = [];
    for (const [i, title] of ['Zaka', 'Sadaka', 'Jengo', 'Shukrani', 'Misheni'].entries()) {
      types.push(await createOfferingType(t.database.db, { institutionId: w.churchA.id, title, churchBp: 10_000 - 1_000 * i, fieldBp: 1_000 * i, unionBp: 0 }));
    }
    const church = (await signIn(t.app, w.users.church)).headers;
    const lines = types.map((type, i) => ({ offeringTypeId: type.id, amount: AMOUNTS[i]! }));
    const [stored] = await sync(t.app, 'cash-receipts', church, [receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-07-05T10:00:00+03:00', lines })]);
    expect(stored?.status).toBe('created');
    headers = (await signIn(t.app, w.users.union)).headers;
  });
  afterAll(() => t.close());

  const file = async (format: ExportFormat) => {
    const res = await t.app.inject({ method: 'GET', url: `${q()}&format=${format}`, headers: { ...headers, lang: 'en' } });
    expect(res.statusCode, format).toBe(200);
    return res.rawPayload;
  };

  it('PDF: the first two types, "first 2 of 5", then the totals of all five', async () => {
    const text = pdfText(await file('pdf'));
    expect(text).toContain('Zaka');
    expect(text).toContain('Sadaka');
    expect(text).not.toContain('Jengo');
    expect(text).toContain('This PDF shows the first 2 of 5 rows; the totals below count all 5.');
    const totals = text.slice(text.indexOf('Totals'));
    expect(text.indexOf('first 2 of 5')).toBeLessThan(text.indexOf('Totals'));
    // 1,500.00 TZS in all, and the church's and the field's shares of every type, not of the two shown.
    expect(totals.split('\n').slice(0, 5)).toEqual(['Totals', '1500', '1300', '200', '0']);
  });

  it('CSV and XLSX: every type, then one totals row', async () => {
    const records = parseCsv((await file('csv')).toString('utf8')).filter((r) => r.some(Boolean));
    expect(records.map((r) => r[0])).toEqual(['Offering type', 'Zaka', 'Sadaka', 'Jengo', 'Shukrani', 'Misheni', 'Totals']);
    expect(records.at(-1)).toEqual(['Totals', '1500', '1300', '200', '0']);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await file('xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(7).values).toEqual([undefined, 'Totals', 1500, 1300, 200, 0]);
    expect(sheet.getRow(7).getCell(1).font?.bold).toBe(true);
  });
});
