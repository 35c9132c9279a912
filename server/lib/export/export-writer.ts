import type { Readable } from 'node:stream';
import { messages } from '../../../domain/messages';
import type { CellValue } from './cells';
import { neutraliseFormula } from './cells';
import { csvStream } from './csv';
import { pdfStream } from './pdf';
import { PDF_MAX_ROWS } from './pdf-cap';
import { xlsxStream } from './xlsx';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;

/**
 * The one export writer of the product (CSV, XLSX, PDF). Callers describe columns — a localised
 * header and how to read the cell from a row — and hand the rows over as an (async) iterable;
 * every text cell is neutralised against spreadsheet formulas here, whatever the caller did.
 * The file is a stream (ADR 060): rows are read from the iterable only as fast as the reader takes
 * the bytes, so an export of a million rows needs no more memory than one of ten.
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
  /**
   * How many rows `rows` holds, when the caller knows (it counted them first); an array's own length
   * otherwise. The PDF names it when it stops at its cap; without it the PDF reads the rest of the
   * rows (without laying them out) to count them.
   */
  rowCount?: number;
  /**
   * Rows written after the body, in bold, in every format: totals the caller computed over every
   * row. Never part of the body, so the PDF's cap does not cut them (ADR 074).
   */
  totalRows?: ReadonlyArray<T>;
  /** A last line after the rows (e.g. "showing 50,000 of 61,200"). */
  footer?: string | null;
  /** The reader's language, for the writer's own lines (the PDF's row cap); English without it. */
  t?: Translate;
  /** Body rows the PDF holds at most (PDF_MAX_ROWS unless configured: `config.exports.pdfMaxRows`). */
  pdfMaxRows?: number;
};

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
/**
 * `body` is sent as it is produced. If reading rows fails part-way, it is destroyed with the
 * error: the route then aborts the connection, so the browser's download fails instead of
 * keeping a file that looks whole (see send-export.ts).
 */
export type ExportFile = { contentType: string; extension: string; body: Readable };

/** What every format writer receives: headers, body rows, then total rows, all cells already neutralised. */
export type PreparedTable = {
  title: string;
  headers: string[];
  rows: AsyncIterable<Array<string | number>>;
  /** Null when the caller did not say and the rows are not an array: the PDF then counts them. */
  rowCount: number | null;
  totalRows: Array<Array<string | number>>;
  widths: number[];
  numFmts: Array<string | undefined>;
  footer: string | null;
  pdfMaxRows: number;
  /** The PDF's line where it stops the body: "the first {shown} of {all} rows" (and that the totals count them all). */
  pdfCutNote: (shown: number, all: number) => string;
};

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

async function* cellsOf<T>(rows: Iterable<T> | AsyncIterable<T>, read: (row: T) => Array<string | number>): AsyncIterable<Array<string | number>> {
  for await (const row of rows) yield read(row);
}

const english: Translate = (descriptor, values = {}) => descriptor.message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/** Async for the callers' sake (they await it); the returned body has not read a row yet. */
export async function writeExport<T>(spec: ExportSpec<T>, format: ExportFormat): Promise<ExportFile> {
  const { columns } = spec;
  const t = spec.t ?? english;
  const headers = columns.map((column) => String(neutraliseFormula(column.header)));
  const footer = spec.footer ? String(neutraliseFormula(spec.footer)) : null;
  const read = (column: ExportColumn<T>, row: T) => neutraliseFormula(format === 'csv' && column.csv ? column.csv(row) : column.value(row));
  const cells = (row: T) => columns.map((column) => read(column, row));
  const totalRows = (spec.totalRows ?? []).map(cells);
  const cutNote = totalRows.length > 0 ? messages.exportPdfFirstRowsTotals : messages.exportPdfFirstRows;
  const table: PreparedTable = {
    title: spec.title,
    headers,
    widths: columns.map((c) => c.width ?? 18),
    numFmts: columns.map((c) => c.numFmt),
    footer,
    rows: cellsOf(spec.rows, cells),
    rowCount: spec.rowCount ?? (Array.isArray(spec.rows) ? spec.rows.length : null),
    totalRows,
    pdfMaxRows: spec.pdfMaxRows ?? PDF_MAX_ROWS,
    pdfCutNote: (shown, all) => t(cutNote, { shown, all }),
  };
  const body = format === 'csv' ? csvStream(table) : format === 'xlsx' ? xlsxStream(table) : pdfStream(table);
  return { contentType: CONTENT_TYPES[format], extension: format, body };
}
