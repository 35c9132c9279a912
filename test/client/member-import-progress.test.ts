// @vitest-environment node
// The import worker's work, run as the worker runs it (read-members-file.ts) on a file of several
// thousand rows: the page hears of every phase while it happens (issue 13: "progress shown
// throughout"), batches and refused lines come in chunks rather than one whole-file message, and the
// chunks add up to the file. Node gives the same File, streams, SubtleCrypto and TextDecoder as a
// worker. Not timed: the clock is a counter, so every step is "long enough" to report.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../domain/csv-table';
import { IMPORT_BATCH_ROWS } from '../../domain/member-import';
import type { ImportProgress, WorkerAnswer } from '../../src/features/members/import/import-messages';
import { PROGRESS_INTERVAL_MS, readMembersFile } from '../../src/features/members/import/read-members-file';

const ROWS = 6_000;

function membersCsv(rows: number): string {
  const lines = ['firstName,lastName,phone,gender,country'];
  // Every 100th row lacks its country: refused lines are spread over the whole file.
  for (let i = 0; i < rows; i++) lines.push(`Mwanachama${i},Maendeleo,07${String(51_000_000 + i).padStart(8, '0')},${i % 2 ? 'male' : 'female'},${i % 100 === 99 ? '' : 'TZ'}`);
  return lines.join('\r\n') + '\r\n';
}

async function run(file: Blob, clock: () => number) {
  const answers: WorkerAnswer[] = [];
  await readMembersFile(file, (answer) => answers.push(answer), () => Promise.reject(new Error('no Excel here')), clock);
  return answers;
}

describe('member import worker progress', () => {
  it('reports reading, hashing, parsing and checking as they happen, then the result in chunks', async () => {
    const csv = membersCsv(ROWS);
    const file = new File([csv], 'members.csv', { type: 'text/csv' });
    let tick = 0;
    // Each call of the clock is one interval later: every report the reader offers is posted.
    const answers = await run(file, () => (tick += PROGRESS_INTERVAL_MS));

    const last = answers.at(-1)!;
    expect(last.type).toBe('parsed');
    const progress = answers.flatMap((answer) => (answer.type === 'progress' ? [answer.progress] : []));
    const phases = [...new Set(progress.map((step) => step.phase))];
    expect(phases).toEqual(['reading', 'hashing', 'parsing', 'checking']);

    const of = (phase: ImportProgress['phase']) => progress.filter((step) => step.phase === phase);
    // Parsing reports part-way, not only its start and end (a 6,000-row file is ~350 kB: at least one mark of 256 kB).
    expect(of('parsing').some((step) => step.done > 0 && step.done < step.total)).toBe(true);
    expect(of('parsing').at(-1)).toEqual({ phase: 'parsing', done: of('parsing').at(-1)!.total, total: of('parsing').at(-1)!.total });
    // Checking: one report per batch, rows done rising to the whole file.
    const checking = of('checking');
    expect(checking.length).toBeGreaterThanOrEqual(ROWS / IMPORT_BATCH_ROWS);
    expect(checking.map((step) => step.done)).toEqual([...checking.map((step) => step.done)].sort((a, b) => a - b));
    expect(checking.at(-1)).toEqual({ phase: 'checking', done: ROWS, total: ROWS });
    expect(of('hashing').at(-1)).toEqual({ phase: 'hashing', done: file.size, total: file.size });

    // The result came in several chunks before the summary, and they add up to the file.
    const chunks = answers.flatMap((answer) => (answer.type === 'chunk' ? [answer] : []));
    expect(chunks.length).toBeGreaterThan(1);
    const batches = chunks.flatMap((chunk) => chunk.batches);
    const refused = chunks.flatMap((chunk) => chunk.refused);
    expect(batches.map((batch) => batch.firstLine)).toEqual(Array.from({ length: ROWS / IMPORT_BATCH_ROWS }, (_, index) => 2 + index * IMPORT_BATCH_ROWS));
    expect(refused).toHaveLength(ROWS / 100);
    expect(refused[0]!.line).toBe(101);
    if (last.type !== 'parsed') return;
    expect(last.summary).toMatchObject({ rows: ROWS, accepted: ROWS - ROWS / 100, missing: [] });
    expect(last.summary.importKey).toBe(createHash('sha256').update(csv).digest('hex'));

    // Each batch is the file's own lines under its header.
    const second = parseCsv(await batches[1]!.body.text());
    expect(second[0]).toEqual(['firstName', 'lastName', 'phone', 'gender', 'country']);
    expect(second).toHaveLength(IMPORT_BATCH_ROWS + 1);
    expect(second[1]![0]).toBe(`Mwanachama${IMPORT_BATCH_ROWS}`);
  });

  it('posts progress at most once an interval within a phase when the clock stands still', async () => {
    const answers = await run(new File([membersCsv(ROWS)], 'members.csv'), () => 0);
    const progress = answers.flatMap((answer) => (answer.type === 'progress' ? [answer.progress] : []));
    // Only the forced reports of phase starts and ends: the page is not flooded.
    expect(progress.length).toBeLessThanOrEqual(10);
    expect(progress.at(-1)).toEqual({ phase: 'checking', done: ROWS, total: ROWS });
  });
});
