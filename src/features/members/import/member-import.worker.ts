/// <reference lib="webworker" />
import { toCsvRecord } from '../../../../domain/csv-table';
import type { ImportTemplateRequest, WorkerAnswer, WorkerRequest } from './import-messages';
import { templateRows } from './import-template';
import { readMembersFile } from './read-members-file';

/**
 * Reads a members file off the main thread (issue 13): a 100,000-row sheet takes seconds to parse
 * and check, and the page must keep answering meanwhile. The work itself is read-members-file.ts:
 * progress per phase, the batches and refused lines in chunks, then the summary. Also writes the
 * template files, since ExcelJS is loaded here anyway.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const answer = (message: WorkerAnswer) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  const work = request.type === 'parse' ? readMembersFile(request.file, answer, loadExcel) : template(request);
  work.catch(() => answer({ type: 'error', reason: 'fileType' }));
};

async function loadExcel() {
  return (await import('exceljs')).default;
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
