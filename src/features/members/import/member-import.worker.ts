/// <reference lib="webworker" />
import { parseCsv, toCsvRecord } from '../../../../domain/csv-table';
import { IMPORT_BATCH_ROWS, MAX_IMPORT_BYTES, readMemberTable } from '../../../../domain/member-import';
import { isE164, toE164 } from '../../../../domain/phone';
import { isZip, sheetTable, type Sheet } from '../../../../domain/sheet-table';
import type { ImportTemplateRequest, ParsedImport, WorkerAnswer, WorkerRequest } from './import-messages';
import { templateRows } from './import-template';

/**
 * Reads a members file off the main thread (issue 13): a 100,000-row sheet takes seconds to parse
 * and check, and the page must keep answering meanwhile. Answers the preview (counts, refused lines
 * with their reasons), the batches to send (the file's own lines, IMPORT_BATCH_ROWS at a time, as
 * CSV under the file's header) and the file's SHA-256, the key the server files its rows under.
 * Also writes the template files, since ExcelJS is loaded here anyway.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const answer = (message: WorkerAnswer) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  const work = request.type === 'parse' ? parse(request.file) : template(request);
  work.catch(() => answer({ type: 'error', reason: 'fileType' }));
};

async function loadExcel() {
  return (await import('exceljs')).default;
}

async function parse(file: File): Promise<void> {
  if (file.size > MAX_IMPORT_BYTES) return answer({ type: 'error', reason: 'tooLarge' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  const importKey = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  let table: string[][];
  if (isZip(bytes)) {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    table = sheetTable(workbook.worksheets[0] as unknown as Sheet | undefined);
  } else {
    const text = new TextDecoder('utf-8').decode(bytes);
    if (text.includes('\u0000')) return answer({ type: 'error', reason: 'fileType' });
    table = parseCsv(text);
  }
  const [header = [], ...records] = table;
  const parsed: ParsedImport = { importKey, missing: [], rows: 0, accepted: 0, refused: [], batches: [] };
  for (let start = 0; start < records.length; start += IMPORT_BATCH_ROWS) {
    const slice = records.slice(start, start + IMPORT_BATCH_ROWS);
    const firstLine = start + 2;
    const read = readMemberTable([header, ...slice], toE164, isE164, firstLine);
    if (read.missing.length > 0) return answer({ type: 'parsed', parsed: { ...parsed, missing: read.missing } });
    parsed.accepted += read.rows.length;
    parsed.rows += read.rows.length + read.refused.length;
    parsed.refused.push(...read.refused);
    // Lines the check refused go too: the server, which decides, refuses them with the same line.
    if (read.rows.length > 0) parsed.batches.push({ firstLine, csv: [header, ...slice].map((cells) => toCsvRecord(cells)).join('\r\n') + '\r\n' });
    answer({ type: 'progress', done: Math.min(start + IMPORT_BATCH_ROWS, records.length), total: records.length });
  }
  answer({ type: 'parsed', parsed });
}

async function template(request: ImportTemplateRequest): Promise<void> {
  const rows = templateRows(request.language);
  if (request.format === 'csv') {
    // A byte-order mark, so Excel opens the UTF-8 file with its accents intact.
    const text = '\uFEFF' + rows.map((cells) => toCsvRecord(cells)).join('\r\n') + '\r\n';
    return answer({ type: 'template', blob: new Blob([text], { type: 'text/csv;charset=utf-8' }) });
  }
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  // The sheet's name in the template's own language (the worker has no catalogs; the headers are fixed words too).
  // eslint-disable-next-line lingui/no-unlocalized-strings
  const sheet = workbook.addWorksheet(request.language === 'sw' ? 'Waumini' : 'Members');
  for (const cells of rows) sheet.addRow(cells);
  // Phones and codes are text: Excel would otherwise drop a phone's leading zero.
  sheet.columns.forEach((column) => {
    column.numFmt = '@';
    column.width = 18;
  });
  const buffer = await workbook.xlsx.writeBuffer();
  answer({ type: 'template', blob: new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) });
}
