import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeExport } from '../../server/lib/export/export-writer';
import { columnLetters, xmlText } from '../../server/lib/export/spreadsheet-xml';

type Row = { name: string; amount: number; count: number | null };
const columns = [
  { header: 'Name', value: (r: Row) => r.name, width: 30 },
  { header: 'Amount', value: (r: Row) => r.amount, numFmt: '#,##0.00' },
  { header: 'Count', value: (r: Row) => r.count },
];

async function workbookOf(rows: Row[] | AsyncIterable<Row>, footer?: string) {
  const file = await writeExport({ title: 'Giving: 2026/11 [all]', columns, rows, footer }, 'xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await buffer(file.body)) as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('the XLSX writer (SpreadsheetML into a streamed zip)', () => {
  it('writes a frozen bold header, widths, numbers as numbers in their format, text as typed, the footer in italics', async () => {
    const sheet = await workbookOf(
      [
        { name: '=HYPERLINK("x")', amount: 1500.5, count: 3 },
        { name: '  Ali & Amina <Mwenge> "2026"  😀', amount: 0, count: null },
        { name: '', amount: -2, count: 7 },
      ],
      'Only 3 of 5',
    );
    expect(sheet.name).toBe('Giving  2026 11  all');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.getColumn(1).width).toBe(30);
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Amount', 'Count']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, `'=HYPERLINK("x")`, 1500.5, 3]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(3).getCell(1).value).toBe('  Ali & Amina <Mwenge> "2026"  😀');
    expect(sheet.getRow(4).getCell(1).value).toBeNull();
    expect(sheet.getRow(4).getCell(2).value).toBe(-2);
    expect(sheet.getRow(5).getCell(1).value).toBe('Only 3 of 5');
    expect(sheet.getRow(5).getCell(1).font?.italic).toBe(true);
  });

  it('drops characters XML cannot carry (a NUL typed into a public form) instead of writing a broken file', async () => {
    const sheet = await workbookOf([{ name: 'Ba\u0000ra\u0007ka \uD800 \uDC00 ok', amount: 1, count: 1 }]);
    expect(sheet.getRow(2).getCell(1).value).toBe('Baraka   ok');
    expect(xmlText('a\uD83D\uDE00b')).toBe('a😀b');
  });

  it('streams many rows across compressed pieces that read back whole and in order', async () => {
    async function* many() {
      for (let i = 0; i < 20_000; i += 1) yield { name: `Member ${i}`, amount: i * 100, count: i };
    }
    const sheet = await workbookOf(many());
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Member 0', 0, 0]);
    expect(sheet.getRow(12_346).values).toEqual([undefined, 'Member 12344', 1_234_400, 12_344]);
    expect(sheet.getRow(20_001).values).toEqual([undefined, 'Member 19999', 1_999_900, 19_999]);
  });

  it('names columns past Z as a spreadsheet does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});
