import ExcelJS from 'exceljs';
import type { ExportFile, PreparedTable } from './export-writer';

/** A real workbook: bold frozen header row, numbers stored as numbers with their format. */
export async function writeXlsx(table: PreparedTable): Promise<ExportFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sadaka';
  const sheet = workbook.addWorksheet(table.title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Sheet', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(table.headers).font = { bold: true };
  table.widths.forEach((width, index) => {
    const column = sheet.getColumn(index + 1);
    column.width = width;
    const numFmt = table.numFmts[index];
    if (numFmt) column.numFmt = numFmt;
  });
  for await (const cells of table.rows) sheet.addRow(cells);
  if (table.footer) sheet.addRow([table.footer]).font = { italic: true };
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
