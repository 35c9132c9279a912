import { stringify } from 'csv-stringify/sync';
import type { ExportFile, PreparedTable } from './export-writer';

/** CSV in UTF-8 with a BOM, so Excel opens it as UTF-8 (Swahili and names with accents intact). */
export async function writeCsv(table: PreparedTable): Promise<ExportFile> {
  const lines: Array<Array<string | number>> = [table.headers];
  for await (const cells of table.rows) lines.push(cells);
  if (table.footer) lines.push([table.footer]);
  return { contentType: 'text/csv; charset=utf-8', extension: 'csv', body: Buffer.from(`\ufeff${stringify(lines)}`, 'utf8') };
}
