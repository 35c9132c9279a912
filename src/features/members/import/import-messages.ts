import type { MemberColumnKey } from '../../../../domain/member-columns';
import type { RefusedLine } from '../../../../domain/member-import';

/** What the import worker is asked, and what it answers (structured-clone data only). */
export type ImportTemplateRequest = { type: 'template'; language: 'sw' | 'en'; format: 'csv' | 'xlsx' };
export type WorkerRequest = { type: 'parse'; file: File } | ImportTemplateRequest;

/**
 * One request's worth of the file: its own lines as CSV under the file's header, and where they
 * start. A Blob, not a string: posting it to the page hands over a reference instead of copying
 * ~40 kB of text into the page's heap per batch (8 MB for 100,000 rows in one go froze the page).
 */
export type ImportBatch = { firstLine: number; body: Blob };

/** reading: bytes from disk; hashing: SHA-256 of the bytes; parsing: characters into records; checking: records checked. */
export type ImportPhase = 'reading' | 'hashing' | 'parsing' | 'checking';
/** `total` 0: the size is not known (an Excel file being unpacked), shown as a moving bar. */
export type ImportProgress = { phase: ImportPhase; done: number; total: number };

/** What the worker knows once every row is checked; batches and refused lines came before, in chunks. */
export type ImportSummary = {
  /** SHA-256 of the whole file (hex): the server keys rows without a member number by it and the line. */
  importKey: string;
  /** Required columns the header lacks; when any, nothing else was read. */
  missing: MemberColumnKey[];
  /** Rows with anything in them (blank ones are skipped). */
  rows: number;
  accepted: number;
};

export type ParsedImport = ImportSummary & { refused: RefusedLine[]; batches: ImportBatch[] };

export type WorkerAnswer =
  | { type: 'progress'; progress: ImportProgress }
  | { type: 'chunk'; batches: ImportBatch[]; refused: RefusedLine[] }
  | { type: 'parsed'; summary: ImportSummary }
  | { type: 'template'; blob: Blob }
  | { type: 'error'; reason: 'tooLarge' | 'fileType' };
