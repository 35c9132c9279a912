import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { roomIn } from './backpressure';
import type { PreparedTable } from './export-writer';

/**
 * Rows a PDF holds at most (ADR 060): pdfkit measures every cell to wrap it, so a PDF grows far
 * slower than a CSV, and a table of more than a few thousand lines is neither read on screen nor
 * printed. CSV and Excel carry every row; the PDF says where it stopped and points to them.
 */
export const PDF_MAX_ROWS = 5_000;

/**
 * A4 landscape, the title on top, one line per row (wrapping inside its cell), new pages as needed.
 * pdfkit's document is itself a stream: each finished page goes out while the next is laid out.
 */
export function pdfStream(table: PreparedTable): Readable {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, info: { Title: table.title } });
  const out = new PassThrough();
  doc.on('error', (error: Error) => out.destroy(error));
  doc.pipe(out);
  fill(doc, table, out).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function fill(doc: PDFKit.PDFDocument, table: PreparedTable, out: PassThrough) {
  doc.fontSize(14).text(table.title, { underline: true }).moveDown(0.5);
  const width = (doc.page.width - 60) / Math.max(1, table.headers.length);
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
  line(table.headers, true);
  let written = 0;
  let cut = false;
  for await (const cells of table.rows) {
    if (written === PDF_MAX_ROWS) {
      cut = true;
      break;
    }
    line(cells, false);
    written += 1;
    if (!(await roomIn(out))) return;
  }
  if (table.footer) line([table.footer], false);
  if (cut) line([table.pdfCutNote(PDF_MAX_ROWS)], false);
  doc.end();
}
