import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { roomIn } from './backpressure';
import type { PreparedTable } from './export-writer';

/**
 * A real workbook (bold frozen header row, numbers stored as numbers with their format), written
 * through exceljs's streaming WorkbookWriter: each row is committed to the zip as soon as it is
 * added, inline strings instead of a shared-strings table (which would grow with the file), so
 * memory stays flat however many rows come. A failure mid-way destroys the stream with the error.
 */
export function xlsxStream(table: PreparedTable): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Sadaka';
  fill(workbook, table, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function fill(workbook: ExcelJS.stream.xlsx.WorkbookWriter, table: PreparedTable, out: PassThrough) {
  const name = table.title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Sheet';
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  // Widths and formats before the first commit: the sheet's <cols> is written ahead of its rows.
  sheet.columns = table.widths.map((width, index) => {
    const numFmt = table.numFmts[index];
    return numFmt ? { width, style: { numFmt } } : { width };
  });
  const header = sheet.addRow(table.headers);
  header.font = { bold: true };
  header.commit();
  for await (const cells of table.rows) {
    sheet.addRow(cells).commit();
    if (!(await roomIn(out))) return;
  }
  if (table.footer) {
    const footer = sheet.addRow([table.footer]);
    footer.font = { italic: true };
    footer.commit();
  }
  sheet.commit();
  await workbook.commit();
}
