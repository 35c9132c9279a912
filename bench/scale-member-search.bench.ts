// npm run bench -- scale: the members list's search (issue 13: "server member list/search at 100,000
// members, p95 ≤ 30 ms") through GET /api/members?search= against PostgreSQL (DATABASE_URL) holding
// `npm run seed:scale` data, for the bank admin (the whole active religion) and the demo treasurer
// (one church). The terms are real ones read from the database: a first name, part of a phone (typed
// the national way, "0600…") and a member code — for the admin from the largest church it can see,
// for the treasurer from its own church, so each search finds somebody. p50 / p95 / p99 of
// SCALE_BENCH_RUNS runs after a warm-up, over loopback HTTP on the real server. Its own file (not
// scale.bench.ts) so the two can change apart; `npm run bench -- scale` runs both.
// Skipped (exit 0) without DATABASE_URL.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchServer } from './lib/bench-server';
import { printTable, writeResult } from './lib/results';
import { dataSize, recordGrowth } from './lib/scale-growth';

const RUNS = Number(process.env.SCALE_BENCH_RUNS ?? 40);
const BUDGET_P95_MS = 30;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('member search bench skipped: set DATABASE_URL to a database filled by `npm run seed:scale`');
  process.exit(0);
}

type Terms = { firstName: string; phonePart: string; code: string };

/** "+255600012345" → "0600012" (what a person types: the national form, the first digits). */
const nationalPart = (e164: string) => `0${e164.replace(/^\+255/, '').slice(0, 6)}`;

/** A real member's first name, phone start and code: in the treasurer's church, or (admin) in the largest church. */
async function readTerms(client: pg.Client, where: 'treasurer' | 'admin'): Promise<Terms | null> {
  const institution =
    where === 'treasurer'
      ? `(select institution_id from users where username = 'treasurer')`
      : `(select m.institution_id from members m join institutions i on i.id = m.institution_id join religions r on r.id = i.religion_id
           where r.code = 'christian' and m.deleted_at is null group by m.institution_id order by count(*) desc, m.institution_id limit 1)`;
  const { rows } = await client.query<{ first_name: string; phone: string; code: string }>(
    `select first_name, phone, code from members where institution_id = ${institution} and deleted_at is null order by id desc limit 1`,
  );
  const row = rows[0];
  return row ? { firstName: row.first_name, phonePart: nationalPart(row.phone), code: row.code } : null;
}

// The server first: on a database of its own it migrates and seeds the demo, so the terms exist.
const { server, base, signIn } = await startBenchServer();
const client = new pg.Client({ connectionString: databaseUrl });
let size = '';
let terms: { admin: Terms | null; treasurer: Terms | null };
try {
  await client.connect();
  const { rows } = await client.query<{ members: number }>(`select count(*)::int as members from members`);
  size = `${rows[0]!.members.toLocaleString('en')} members`;
  terms = { admin: await readTerms(client, 'admin'), treasurer: await readTerms(client, 'treasurer') };
} catch (error) {
  await server.stop();
  throw error;
} finally {
  await client.end();
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const headers = { admin: await signIn('admin'), treasurer: await signIn('treasurer') };
  const calls = (['admin', 'treasurer'] as const).flatMap((who) => {
    const found = terms[who];
    if (!found) return [];
    return [
      { call: `members search ${who}: first name "${found.firstName}"`, who, search: found.firstName },
      { call: `members search ${who}: part of a phone "${found.phonePart}"`, who, search: found.phonePart },
      { call: `members search ${who}: member code "${found.code}"`, who, search: found.code },
    ];
  });
  if (calls.length === 0) throw new Error('no members to search for: is this a seeded database?');
  const rows: Array<Record<string, string | number>> = [];
  const results: Array<Record<string, unknown>> = [];
  for (const call of calls) {
    const url = `${base}/members?limit=20&search=${encodeURIComponent(call.search)}`;
    const run = () => fetch(url, { headers: headers[call.who] });
    let hits = 0;
    for (let i = 0; i < 3; i++) {
      const warm = await run();
      if (!warm.ok) throw new Error(`${call.call}: ${warm.status} ${await warm.text()}`);
      hits = ((await warm.json()) as { data: unknown[] }).data.length;
    }
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await run();
      await res.arrayBuffer();
      times.push(performance.now() - started);
      status = res.status;
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => Math.round(percentile(times, p) * 10) / 10) as [number, number, number];
    // A search that finds nobody would be timing the empty case: it counts as a failure.
    const ok = status === 200 && hits > 0 && p95 <= BUDGET_P95_MS;
    rows.push({ call: call.call, status, 'hits (page of 20)': hits, p50, p95, p99, budget: `≤ ${BUDGET_P95_MS}`, ok: ok ? 'yes' : 'NO', size });
    results.push({ call: call.call, status, hits, p50, p95, p99, budgetP95: BUDGET_P95_MS, size, ok });
  }
  printTable(rows);
  writeResult('scaleMemberSearch', { size, runs: RUNS, calls: results });
  // The terms are read from each database, so the growth table pairs the calls by kind, not by term.
  const kindOf = (call: string) => call.replace(/ "[^"]*"$/, '');
  const grown = recordGrowth('scaleMemberSearch', { ...(await dataSize(databaseUrl)), calls: results.map((r) => ({ call: kindOf(String(r.call)), p95: Number(r.p95) })) });
  await server.stop();
  process.exit(rows.some((row) => row.ok !== 'yes') || grown > 0 ? 1 : 0);
} catch (error) {
  await server.stop();
  throw error;
}
