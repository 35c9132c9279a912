import { neutraliseFormulaText } from './spreadsheet-formula';

/**
 * CSV text → rows of cells (RFC 4180: quoted cells may hold the delimiter, quotes doubled, and line
 * breaks). Read by the server import and the browser's import worker alike, so both see the same
 * lines; written here rather than added as a dependency because every worktree and deployment
 * would need the new package for ~50 lines (docs/decisions/053-member-import.md).
 *
 * The delimiter is whichever of `,` `;` or tab the header row uses most outside quotes: Excel saves
 * "CSV" with semicolons where the decimal separator is a comma. A leading byte-order mark is dropped.
 * Row i of the result is record i + 1 of the file (the header is record 1), blank records included,
 * so line numbers in a report match what a spreadsheet shows.
 *
 * `onProgress` (characters read, characters in all) is told after a record every `progressStep`
 * characters or so: the import worker relays it, so a 100,000-row file shows progress while it is
 * parsed, not only once it is checked.
 */
export function parseCsv(text: string, onProgress?: (read: number, length: number) => void, progressStep = 256 * 1024): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let nextReport = onProgress ? progressStep : Number.POSITIVE_INFINITY;
  const delimiter = guessDelimiter(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      if (index >= nextReport) {
        onProgress?.(index, source.length);
        nextReport = index + progressStep;
      }
    } else cell += char;
    index += 1;
  }
  // The last record, unless the file ended with a line break.
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  onProgress?.(source.length, source.length);
  return rows;
}

function guessDelimiter(source: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of source.slice(0, 4096)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [candidate, count] of counts) if (count > counts.get(best)!) best = candidate;
  return best;
}

/**
 * Cells → one CSV record (quoted only where needed); the template, the refused-rows report and the
 * batches the browser sends use it. `neutralise` applies the one formula rule the server's exports
 * use (spreadsheet-formula.ts): for files people open, not for the batches the server reads back.
 */
export function toCsvRecord(cells: readonly string[], neutralise = false): string {
  return cells
    .map((raw) => (neutralise ? neutraliseFormulaText(raw) : raw))
    .map((cell) => (/[",\r\n;\t]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',');
}
