import PDFDocument from 'pdfkit';
import type { ExportFile, PreparedTable } from './export-writer';

/** A4 landscape, the title on top, one line per row (wrapping inside its cell), new pages as needed. */
export async function writePdf(table: PreparedTable): Promise<ExportFile> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 30, info: { Title: table.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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
  for await (const cells of table.rows) line(cells, false);
  if (table.footer) line([table.footer], false);
  doc.end();
  return { contentType: 'application/pdf', extension: 'pdf', body: await done };
}
