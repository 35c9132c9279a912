/**
 * The first worksheet of an XLSX workbook → rows of cells, as ExcelJS reads it, on the server and
 * in the browser's import worker alike. Typed by shape so domain/ does not import ExcelJS itself.
 * Row i of the result is spreadsheet row i + 1 (empty rows kept), so a report's line is the row a
 * person sees; each cell is ExcelJS's text of it (a number typed as a number comes as its digits).
 */
type SheetCell = { text?: string };
type SheetRow = { eachCell(options: { includeEmpty: boolean }, visit: (cell: SheetCell, column: number) => void): void };
export type Sheet = { eachRow(options: { includeEmpty: boolean }, visit: (row: SheetRow, rowNumber: number) => void): void };

export function sheetTable(sheet: Sheet | undefined): string[][] {
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    while (rows.length < rowNumber - 1) rows.push([]);
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text ?? '';
    });
    rows.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return rows;
}

/** XLSX is a ZIP archive: it starts with "PK\x03\x04". */
export const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
