import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../results.json', import.meta.url));

/** Each bench owns one key of bench/results.json; the others' results are kept. */
export function writeResult(key: string, value: unknown): void {
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  all[key] = { ...(value as object), measuredAt: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}

export function printTable(rows: ReadonlyArray<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const headers = Object.keys(rows[0]!);
  const widths = headers.map((header) => Math.max(header.length, ...rows.map((row) => String(row[header] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
  console.log(line(headers));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(headers.map((header) => String(row[header] ?? ''))));
}
