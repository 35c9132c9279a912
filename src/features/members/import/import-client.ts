import type { MemberImportResult } from '../../../../domain/api/members';
import { NetworkError } from '../../../lib/api-client';
import { uploadMembers } from '../api';
import type { ImportProgress, ParsedImport, WorkerAnswer, WorkerRequest } from './import-messages';

/** A dropped connection is tried again this many times per batch before the import stops (a resend skips what was stored). */
const BATCH_TRIES = 3;
const RETRY_DELAY_MS = 1500;

/** Answers that are part of the way (progress, chunks of the result) go to `onPart`; the promise is the last one. */
function ask(request: WorkerRequest, onPart?: (answer: WorkerAnswer) => void): Promise<WorkerAnswer> {
  const worker = new Worker(new URL('./member-import.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<WorkerAnswer>((resolve) => {
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      if (event.data.type === 'progress' || event.data.type === 'chunk') return onPart?.(event.data);
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve({ type: 'error', reason: 'fileType' });
    };
    worker.postMessage(request);
  });
}

/**
 * Parses and checks the file in a Web Worker; the page keeps answering and shows `onProgress` for
 * every phase (reading, hashing, parsing, checking). Batches and refused lines arrive in chunks as
 * the worker makes them and are gathered here, a few hundred kB of references per message at most.
 */
export async function parseMembersFile(file: File, onProgress: (progress: ImportProgress) => void): Promise<ParsedImport | { error: 'tooLarge' | 'fileType' }> {
  const batches: ParsedImport['batches'] = [];
  const refused: ParsedImport['refused'] = [];
  const answer = await ask({ type: 'parse', file }, (part) => {
    if (part.type === 'progress') onProgress(part.progress);
    else if (part.type === 'chunk') {
      for (const batch of part.batches) batches.push(batch);
      for (const line of part.refused) refused.push(line);
    }
  });
  if (answer.type === 'parsed') return { ...answer.summary, batches, refused };
  return { error: answer.type === 'error' ? answer.reason : 'fileType' };
}

export async function membersTemplate(language: 'sw' | 'en', format: 'csv' | 'xlsx'): Promise<Blob> {
  const answer = await ask({ type: 'template', language, format });
  if (answer.type !== 'template') throw new Error('template not written');
  return answer.blob;
}

/** Batches on the wire at once: the server checks one while it stores the other (it stores them in turn). */
const IN_FLIGHT = 2;

/**
 * Sends the file's batches under the file's key, two at a time; the server checks every row again
 * and answers what it stored, what was already there and what it refused. A batch that meets a
 * dropped connection is sent again (its stored rows count as duplicates, never twice). After a
 * failure no new batch starts; the ones on the wire are let finish so the counts are whole.
 */
export async function sendMembersFile(
  parsed: ParsedImport,
  institutionId: number | null,
  onProgress: (sent: number, total: number) => void,
  /** Filled as batches are answered, so the caller still has the counts if a later batch fails. */
  total: MemberImportResult = { created: 0, duplicates: 0, refused: [] },
): Promise<MemberImportResult> {
  let next = 0;
  let answered = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (failure === null && next < parsed.batches.length) {
      const batch = parsed.batches[next++]!;
      try {
        const answer = await withRetries(() => uploadMembers(batch.body, { institutionId, importKey: parsed.importKey, firstLine: batch.firstLine }));
        total.created += answer.created;
        total.duplicates += answer.duplicates;
        total.refused.push(...answer.refused);
        answered += 1;
        onProgress(answered, parsed.batches.length);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, parsed.batches.length) }, lane));
  // Two lanes answer out of order: the report reads by line.
  total.refused.sort((a, b) => a.line - b.line);
  if (failure !== null) throw (failure as { error: unknown }).error;
  return total;
}

async function withRetries<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof NetworkError) || attempt >= BATCH_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
    }
  }
}
