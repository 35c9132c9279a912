import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { PreparedTable } from './export-writer';

/** Rows per piece handed to the socket: big enough to keep the stringifier cheap, small enough to stay flat. */
const ROWS_PER_CHUNK = 500;

/**
 * CSV in UTF-8 with a BOM, so Excel opens it as UTF-8 (Swahili and names with accents intact).
 * The BOM and the header line go out before the first row is read, so the download starts at
 * once; `Readable.from` pulls the next piece only when the socket wants it (backpressure), and
 * destroying the stream (a cancelled download) returns the row iterator, which ends the reads.
 */
export function csvStream(table: PreparedTable): Readable {
  return Readable.from(csvPieces(table), { objectMode: false });
}

async function* csvPieces(table: PreparedTable): AsyncGenerator<string> {
  yield `\ufeff${stringify([table.headers])}`;
  let pending: Array<Array<string | number>> = [];
  for await (const cells of table.rows) {
    pending.push(cells);
    if (pending.length >= ROWS_PER_CHUNK) {
      yield stringify(pending);
      pending = [];
    }
  }
  if (pending.length > 0) yield stringify(pending);
  if (table.totalRows.length > 0) yield stringify(table.totalRows);
  if (table.footer) yield stringify([[table.footer]]);
}
