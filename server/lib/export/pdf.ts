import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { roomIn } from './backpressure';
import type { PreparedTable } from './export-writer';

const MARGIN = 30;

/**
 * A4 landscape, the title on top, one line per row (wrapping inside its cell), new pages as needed.
 * pdfkit's document is itself a stream: each finished page goes out while the next is laid out.
 * The body stops at `pdfMaxRows` (pdf-cap.ts); the total rows and the footer are written after it
 * whatever the body's length, so a cut PDF still ends with the totals of every row.
 */
export function pdfStream(table: PreparedTable): Readable {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: table.title } });
  const out = new PassThrough();
  doc.on('error', (error: Error) => out.destroy(error));
  doc.pipe(out);
  fill(doc, table, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function fill(doc: PDFKit.PDFDocument, table: PreparedTable, out: PassThrough) {
  doc.fontSize(14).text(table.title, { underline: true }).moveDown(0.5);
  const fullWidth = doc.page.width - 2 * MARGIN;
  const width = fullWidth / Math.max(1, table.headers.length);
  /** Cells side by side, each wrapping in its column; a new page first when the tallest would not fit. */
  const line = (cells: ReadonlyArray<string | number>, font: string, cellWidth = width) => {
    doc.font(font).fontSize(8);
    const heights = cells.map((cell) => doc.heightOfString(String(cell), { width: cellWidth - 4 }));
    const height = Math.max(...heights, 10);
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    cells.forEach((cell, i) => doc.text(String(cell), MARGIN + i * cellWidth, top, { width: cellWidth - 4 }));
    doc.x = MARGIN;
    doc.y = top + height + 4;
  };
  const note = (text: string) => line([text], 'Helvetica-Oblique', fullWidth);

  line(table.headers, 'Helvetica-Bold');
  let seen = 0;
  for await (const cells of table.rows) {
    seen += 1;
    if (seen > table.pdfMaxRows) {
      // Past the cap nothing is laid out; the rows are read on only when their number is not known.
      if (table.rowCount !== null) break;
      continue;
    }
    line(cells, 'Helvetica');
    if (!(await roomIn(out))) return;
  }
  if (seen > table.pdfMaxRows) note(table.pdfCutNote(table.pdfMaxRows, Math.max(table.rowCount ?? 0, seen)));
  for (const cells of table.totalRows) line(cells, 'Helvetica-Bold');
  if (table.footer) note(table.footer);
  doc.end();
}
