import type ExcelJS from 'exceljs';
import { parseCsv, toCsvRecord } from '../../../../domain/csv-table';
import { IMPORT_BATCH_ROWS, MAX_IMPORT_BYTES, readMemberTable, type RefusedLine } from '../../../../domain/member-import';
import { isE164, toE164 } from '../../../../domain/phone';
import { isZip, sheetTable, type Sheet } from '../../../../domain/sheet-table';
import type { ImportBatch, ImportPhase, ImportSummary, WorkerAnswer } from './import-messages';

/** At most this often the page hears of progress: often enough for a smooth bar, rare enough to cost it nothing. */
export const PROGRESS_INTERVAL_MS = 50;

type Post = (message: WorkerAnswer) => void;

/**
 * The import worker's work (issue 13), apart from the worker so a test can run it: read the file
 * (bytes, with progress), hash it (SHA-256, the key the server files rows without a member number
 * under), parse it (CSV here, XLSX through ExcelJS), check every row with the single form's rules and
 * cut it into IMPORT_BATCH_ROWS-line batches. Everything goes to `post` as it is made: progress of each
 * phase, then batches and refused lines in chunks, then the summary. The page never receives the whole
 * file's worth in one message, so no single structured-clone on its thread grows with the file.
 */
export async function readMembersFile(file: Blob, post: Post, loadExcel: () => Promise<typeof ExcelJS>, now: () => number = () => performance.now()): Promise<void> {
  if (file.size > MAX_IMPORT_BYTES) return post({ type: 'error', reason: 'tooLarge' });
  let lastPost = Number.NEGATIVE_INFINITY;
  let pendingBatches: ImportBatch[] = [];
  let pendingRefused: RefusedLine[] = [];
  const flush = () => {
    if (pendingBatches.length === 0 && pendingRefused.length === 0) return;
    post({ type: 'chunk', batches: pendingBatches, refused: pendingRefused });
    pendingBatches = [];
    pendingRefused = [];
  };
  /** Posts when a phase starts or ends, else at most every PROGRESS_INTERVAL_MS; chunks go just before. */
  const report = (phase: ImportPhase, done: number, total: number, force = false) => {
    const time = now();
    if (!force && time - lastPost < PROGRESS_INTERVAL_MS) return;
    lastPost = time;
    flush();
    post({ type: 'progress', progress: { phase, done, total } });
  };

  const bytes = await readBytes(file, report);
  report('hashing', 0, bytes.length, true);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  const importKey = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  report('hashing', bytes.length, bytes.length, true);

  let table: string[][];
  if (isZip(bytes)) {
    report('parsing', 0, 0, true);
    const Excel = await loadExcel();
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    table = sheetTable(workbook.worksheets[0] as unknown as Sheet | undefined);
  } else {
    const text = new TextDecoder('utf-8').decode(bytes);
    if (text.includes('\u0000')) return post({ type: 'error', reason: 'fileType' });
    report('parsing', 0, text.length, true);
    table = parseCsv(text, (read, length) => report('parsing', read, length, read === length));
  }

  const [header = [], ...records] = table;
  const summary: ImportSummary = { importKey, missing: [], rows: 0, accepted: 0 };
  report('checking', 0, records.length, true);
  for (let start = 0; start < records.length; start += IMPORT_BATCH_ROWS) {
    const slice = records.slice(start, start + IMPORT_BATCH_ROWS);
    const firstLine = start + 2;
    const read = readMemberTable([header, ...slice], toE164, isE164, firstLine);
    if (read.missing.length > 0) return post({ type: 'parsed', summary: { ...summary, missing: read.missing } });
    summary.accepted += read.rows.length;
    summary.rows += read.rows.length + read.refused.length;
    for (const line of read.refused) pendingRefused.push(line);
    // Lines the check refused go too: the server, which decides, refuses them with the same line.
    if (read.rows.length > 0) {
      const csv = [header, ...slice].map((cells) => toCsvRecord(cells)).join('\r\n') + '\r\n';
      pendingBatches.push({ firstLine, body: new Blob([csv], { type: 'text/csv' }) });
    }
    const done = Math.min(start + IMPORT_BATCH_ROWS, records.length);
    report('checking', done, records.length, done === records.length);
  }
  flush();
  post({ type: 'parsed', summary });
}

/** The file's bytes, read as a stream so the page sees the reading advance (a 15 MB file from a slow card takes a while). */
async function readBytes(file: Blob, report: (phase: ImportPhase, done: number, total: number, force?: boolean) => void): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(file.size);
  let offset = 0;
  report('reading', 0, file.size, true);
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, offset);
    offset += value.length;
    report('reading', offset, file.size);
  }
  report('reading', offset, file.size, true);
  return bytes;
}
