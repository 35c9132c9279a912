import type { CellValue } from './cells';
import { neutraliseFormula } from './cells';
import { writeCsv } from './csv';
import { writePdf } from './pdf';
import { writeXlsx } from './xlsx';

/**
 * The one export writer of the product (CSV, XLSX, PDF). Callers describe columns — a localised
 * header and how to read the cell from a row — and hand the rows over as an (async) iterable;
 * every text cell is neutralised against spreadsheet formulas here, whatever the caller did.
 */
export type ExportColumn<T> = {
  header: string;
  value: (row: T) => CellValue;
  /** CSV only: the text to write instead of `value` (e.g. "150.00" where XLSX keeps the number 150). */
  csv?: (row: T) => string;
  /** XLSX only: column width in characters (default 18) and number format (e.g. '#,##0.00'). */
  width?: number;
  numFmt?: string;
};

export type ExportSpec<T> = {
  /** Sheet name (XLSX, first 31 characters) and heading (PDF). */
  title: string;
  columns: ReadonlyArray<ExportColumn<T>>;
  rows: Iterable<T> | AsyncIterable<T>;
  /** A last line after the rows (e.g. "showing 50,000 of 61,200"). */
  footer?: string | null;
};

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
export type ExportFile = { contentType: string; extension: string; body: Buffer };

/** What every format writer receives: headers, then rows of cells already neutralised. */
export type PreparedTable = {
  title: string;
  headers: string[];
  rows: AsyncIterable<Array<string | number>>;
  widths: number[];
  numFmts: Array<string | undefined>;
  footer: string | null;
};

async function* cellsOf<T>(rows: Iterable<T> | AsyncIterable<T>, read: (row: T) => Array<string | number>): AsyncIterable<Array<string | number>> {
  for await (const row of rows) yield read(row);
}

export async function writeExport<T>(spec: ExportSpec<T>, format: ExportFormat): Promise<ExportFile> {
  const { columns } = spec;
  const headers = columns.map((column) => String(neutraliseFormula(column.header)));
  const footer = spec.footer ? String(neutraliseFormula(spec.footer)) : null;
  const base = { title: spec.title, headers, widths: columns.map((c) => c.width ?? 18), numFmts: columns.map((c) => c.numFmt), footer };
  const read = (column: ExportColumn<T>, row: T) => neutraliseFormula(format === 'csv' && column.csv ? column.csv(row) : column.value(row));
  const table: PreparedTable = { ...base, rows: cellsOf(spec.rows, (row) => columns.map((column) => read(column, row))) };
  if (format === 'csv') return writeCsv(table);
  return format === 'xlsx' ? writeXlsx(table) : writePdf(table);
}
