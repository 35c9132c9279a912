import type { MemberColumnKey } from '../../../../domain/member-columns';
import type { RefusedLine } from '../../../../domain/member-import';

/** What the import worker is asked, and what it answers (structured-clone data only). */
export type ImportTemplateRequest = { type: 'template'; language: 'sw' | 'en'; format: 'csv' | 'xlsx' };
export type WorkerRequest = { type: 'parse'; file: File } | ImportTemplateRequest;

/** One request's worth of the file: its own lines as CSV under the file's header, and where they start. */
export type ImportBatch = { firstLine: number; csv: string };

export type ParsedImport = {
  /** SHA-256 of the whole file (hex): the server keys rows without a member number by it and the line. */
  importKey: string;
  /** Required columns the header lacks; when any, nothing else was read. */
  missing: MemberColumnKey[];
  /** Rows with anything in them (blank ones are skipped). */
  rows: number;
  accepted: number;
  refused: RefusedLine[];
  batches: ImportBatch[];
};

export type WorkerAnswer =
  | { type: 'progress'; done: number; total: number }
  | { type: 'parsed'; parsed: ParsedImport }
  | { type: 'template'; blob: Blob }
  | { type: 'error'; reason: 'tooLarge' | 'fileType' };
