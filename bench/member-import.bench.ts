// Member import (issue 13 budget: 10,000 rows validated and stored ≤ 10 s end to end). The two
// halves the browser and the server do, in one process: what the import worker does (parse the
// CSV, check every row, cut 1,000-line batches) and what the server does with each batch (the real
// route through app.inject, multipart, on the test harness's database — in-memory PGlite unless
// TEST_DATABASE_URL names a PostgreSQL). Then the same file again, which must create nobody.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { MemberImportResult } from '../domain/api/members';
import { parseCsv, toCsvRecord } from '../domain/csv-table';
import { IMPORT_BATCH_ROWS, readMemberTable } from '../domain/member-import';
import { isE164, toE164 } from '../domain/phone';
import { signIn } from '../test/factories/sign-in';
import { createWorld } from '../test/factories/world';
import { createTestApp } from '../test/server/harness';
import { printTable, writeResult } from './lib/results';

const ROWS = Number(process.env.MEMBER_IMPORT_ROWS ?? 10_000);
const BUDGET_MS = 10_000;

function membersCsv(rows: number): Buffer {
  const lines = ['firstName,lastName,phone,gender,country,email,language'];
  for (let i = 0; i < rows; i++) lines.push(`Mwanachama${i},Benchi,07${String(50_000_000 + i).padStart(8, '0')},${i % 2 ? 'male' : 'female'},TZ,m${i}@example.co.tz,${i % 3 ? 'sw' : 'en'}`);
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

/** The worker's half: parse, check, and cut the file into batches of its own lines. */
function prepare(bytes: Buffer) {
  const [header = [], ...records] = parseCsv(bytes.toString('utf8'));
  const batches: Array<{ firstLine: number; csv: string }> = [];
  let accepted = 0;
  for (let start = 0; start < records.length; start += IMPORT_BATCH_ROWS) {
    const slice = records.slice(start, start + IMPORT_BATCH_ROWS);
    accepted += readMemberTable([header, ...slice], toE164, isE164, start + 2).rows.length;
    batches.push({ firstLine: start + 2, csv: [header, ...slice].map((cells) => toCsvRecord(cells)).join('\r\n') + '\r\n' });
  }
  return { importKey: createHash('sha256').update(bytes).digest('hex'), batches, accepted };
}

function multipart(csv: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const t = await createTestApp();
try {
  const world = await createWorld(t.database.db);
  const auth = (await signIn(t.app, world.users.church)).headers;
  const bytes = membersCsv(ROWS);

  // Two batches in flight, as the browser sends them (src/features/members/import/import-client.ts).
  const send = async (prepared: ReturnType<typeof prepare>) => {
    const total = { created: 0, duplicates: 0, refused: 0 };
    let next = 0;
    const lane = async () => {
      while (next < prepared.batches.length) {
        const batch = prepared.batches[next++]!;
        const body = multipart(batch.csv);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/members/import?importKey=${prepared.importKey}&firstLine=${batch.firstLine}`,
          headers: { ...auth, ...body.headers },
          payload: body.payload,
        });
        if (res.statusCode !== 200) throw new Error(`batch at line ${batch.firstLine}: ${res.statusCode} ${res.body}`);
        const answer = res.json() as MemberImportResult;
        total.created += answer.created;
        total.duplicates += answer.duplicates;
        total.refused += answer.refused.length;
      }
    };
    await Promise.all([lane(), lane()]);
    return total;
  };

  const started = performance.now();
  const prepared = prepare(bytes);
  const prepareMs = performance.now() - started;
  const stored = await send(prepared);
  const totalMs = performance.now() - started;
  const againStarted = performance.now();
  const again = await send(prepare(bytes));
  const againMs = performance.now() - againStarted;

  const ok = stored.created === ROWS && again.created === 0 && again.duplicates === ROWS && totalMs <= BUDGET_MS;
  const database = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
  printTable([
    { step: `parse + check + cut ${ROWS} rows (worker's half)`, ms: Math.round(prepareMs), result: `${prepared.accepted} accepted, ${prepared.batches.length} batches` },
    { step: `store ${ROWS} rows, ${IMPORT_BATCH_ROWS} per request, 2 in flight (${database})`, ms: Math.round(totalMs - prepareMs), result: `${stored.created} created, ${stored.refused} refused` },
    { step: 'end to end', ms: Math.round(totalMs), result: `budget ${BUDGET_MS} ms: ${totalMs <= BUDGET_MS ? 'within' : 'OVER'}` },
    { step: 'same file again', ms: Math.round(againMs), result: `${again.created} created, ${again.duplicates} duplicates` },
  ]);
  writeResult('memberImport', { rows: ROWS, database, prepareMs: Math.round(prepareMs), storeMs: Math.round(totalMs - prepareMs), totalMs: Math.round(totalMs), againMs: Math.round(againMs), budgetMs: BUDGET_MS, ok });
  if (!ok) process.exitCode = 1;
} finally {
  await t.close();
}
