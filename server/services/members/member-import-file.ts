import ExcelJS from 'exceljs';
import { parseCsv } from '../../../domain/csv-table';
import { messages } from '../../../domain/messages';
import { isZip, type Sheet, sheetTable } from '../../../domain/sheet-table';
import { AppError } from '../../lib/app-error';

const refusedType = () => new AppError(400, 'import_file_type', messages.importFileType);

/**
 * An uploaded members file → rows of cells, whatever the file's name claims: XLSX by its content
 * (the first worksheet), otherwise UTF-8 text read as CSV. Binary that is neither (a PDF, an old
 * .xls) is refused as a 400 before any row is read. The browser's import worker reads files with
 * the same two domain functions.
 */
export async function readMembersFile(bytes: Buffer): Promise<string[][]> {
  if (isZip(bytes)) return readWorkbook(bytes);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // A NUL byte never appears in a CSV someone typed: this is some other binary file.
  if (text.includes('\u0000')) throw refusedType();
  return parseCsv(text);
}

async function readWorkbook(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's own Buffer type predates Node's generic one.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refusedType();
  }
  return sheetTable(workbook.worksheets[0] as unknown as Sheet | undefined);
}
