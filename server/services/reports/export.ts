import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '../../../domain/api/back-office-reports';

export type Column<T> = { header: string; value: (row: T) => string | number | null };
export type Table<T> = { title: string; columns: Array<Column<T>>; rows: T[] };
export type ExportFile = { contentType: string; extension: string; body: Buffer };

/** Spreadsheet formula injection: a cell a spreadsheet would evaluate is kept as text. */
function safeCell(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function matrix<T>(table: Table<T>): Array<Array<string | number>> {
  return table.rows.map((row) => table.columns.map((column) => safeCell(column.value(row))));
}

async function toPdf<T>(table: Table<T>): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, info: { Title: table.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(14).text(table.title, { underline: true }).moveDown(0.5);
  const width = (doc.page.width - 60) / table.columns.length;
  const line = (cells: Array<string | number>, bold: boolean) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const heights = cells.map((cell) => doc.heightOfString(String(cell), { width: width - 4 }));
    const height = Math.max(...heights, 10);
    if (y + height > doc.page.height - 30) doc.addPage();
    const top = doc.y;
    cells.forEach((cell, i) => doc.text(String(cell), 30 + i * width, top, { width: width - 4 }));
    doc.x = 30;
    doc.y = top + height + 4;
  };
  line(table.columns.map((c) => c.header), true);
  for (const cells of matrix(table)) line(cells, false);
  doc.end();
  return done;
}

/** One table, four ways: CSV (UTF-8 with BOM for Excel), XLSX, PDF (A4 landscape) or nothing for JSON. */
export async function exportTable<T>(table: Table<T>, format: Exclude<ExportFormat, 'json'>): Promise<ExportFile> {
  if (format === 'csv') {
    const text = stringify([table.columns.map((c) => c.header), ...matrix(table)]);
    return { contentType: 'text/csv; charset=utf-8', extension: 'csv', body: Buffer.from(`\ufeff${text}`, 'utf8') };
  }
  if (format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(table.title.slice(0, 31));
    sheet.addRow(table.columns.map((c) => c.header)).font = { bold: true };
    for (const cells of matrix(table)) sheet.addRow(cells);
    sheet.columns.forEach((column) => {
      column.width = 22;
    });
    return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', body: Buffer.from(await workbook.xlsx.writeBuffer()) };
  }
  return { contentType: 'application/pdf', extension: 'pdf', body: await toPdf(table) };
}
