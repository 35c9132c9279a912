// npm run bench -- scale: the bank-scale budgets of issue 15 against PostgreSQL holding
// `npm run seed:scale` data (DATABASE_URL). Starts the real server (every plugin, the demo users),
// signs in as the bank admin and the demo treasurer, and times each call over loopback HTTP:
// p50 / p95 / p99 of SCALE_BENCH_RUNS runs after a warm-up. Then autocannon, 20 connections, on a
// cheap authenticated GET, beside a bare Fastify hello-world in the same process for the ratio.
// Skipped (exit 0) without DATABASE_URL: `npm run bench` on a fresh clone has no PostgreSQL.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { startBenchServer } from './lib/bench-server';
import { printTable, writeResult } from './lib/results';
import { recordGrowth } from './lib/scale-growth';

const RUNS = Number(process.env.SCALE_BENCH_RUNS ?? 40);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('scale bench skipped: set DATABASE_URL to a database filled by `npm run seed:scale`');
  process.exit(0);
}

let listSizes: { campaigns: number; failed: number; transfers: number; institutions: number; church: number | null; offeringType: number | null } = { campaigns: 0, failed: 0, transfers: 0, institutions: 0, church: null, offeringType: null };
let counts = { members: 0, transactions: 0 };
const size = await (async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select (select count(*) from members)::int as members, (select count(*) from transactions)::int as transactions`);
    counts = { members: rows[0].members, transactions: rows[0].transactions };
    // The newer lists' tables, so a reader sees what those timings were measured against.
    const lists = await client.query(
      `select (select count(*) from sms_campaigns)::int as campaigns, (select count(*) from sms_messages where status = 'failed')::int as failed,
              (select count(*) from member_transfers)::int as transfers, (select count(*) from institutions)::int as institutions,
              (select id from institutions where code like 'SCC-%' order by id limit 1) as church,
              (select offering_type_id from offering_totals group by 1 order by sum(amount) desc limit 1) as "offeringType"`,
    );
    listSizes = lists.rows[0];
    return `${rows[0].members.toLocaleString('en')} members / ${rows[0].transactions.toLocaleString('en')} transactions`;
  } finally {
    await client.end();
  }
})();

const { server, base, signIn } = await startBenchServer();

type Call = { call: string; budget: number; run: () => Promise<Response> };

/** The cursor after `pages` pages of a keyset list (null when it ends sooner, or the list has no cursor yet). */
async function cursorAt(headers: Record<string, string>, path: string, pages: number): Promise<string | null> {
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const res: Response = await fetch(`${base}${path}${cursor ? `&cursor=${cursor}` : ''}`, { headers });
    cursor = res.ok ? (((await res.json()) as { nextCursor?: string | null }).nextCursor ?? null) : null;
    if (!cursor) return null;
  }
  return cursor;
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const admin = await signIn('admin');
  const treasurer = await signIn('treasurer');
  // The demo union holds every scale congregation: an institution's user whose scope is most of the bank (ADR 073).
  const union = await signIn('union');
  const post = (headers: Record<string, string>, path: string, value: string) => () =>
    fetch(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ value }) });
  const get = (headers: Record<string, string>, path: string) => () => fetch(`${base}${path}`, { headers });
  const searchM = '/searchMember/7/0';
  const searchT = '/searchTransaction/7/0';
  const listCursors = { admin: await cursorAt(admin, '/transactions?limit=20', 200) };
  const calls: Call[] = [
    { call: 'searchMember admin: first name "Neema"', budget: 30, run: post(admin, searchM, 'Neema') },
    { call: 'searchMember admin: part of a phone "0600012"', budget: 30, run: post(admin, searchM, '0600012') },
    { call: 'searchMember admin: member code "SM0004"', budget: 30, run: post(admin, searchM, 'SM0004') },
    { call: 'searchMember treasurer: first name "Neema"', budget: 30, run: post(treasurer, searchM, 'Neema') },
    { call: 'searchMember union: first name "Neema"', budget: 30, run: post(union, searchM, 'Neema') },
    { call: 'searchTransaction admin: first name "Neema"', budget: 30, run: post(admin, searchT, 'Neema') },
    { call: 'searchTransaction admin: reference "SCL00012"', budget: 30, run: post(admin, searchT, 'SCL00012') },
    { call: 'searchTransaction admin: receipt "RC-SCL-777"', budget: 30, run: post(admin, searchT, 'RC-SCL-777') },
    { call: 'searchTransaction admin: phone "0600012"', budget: 30, run: post(admin, searchT, '0600012') },
    { call: 'searchTransaction treasurer: first name "Neema"', budget: 30, run: post(treasurer, searchT, 'Neema') },
    { call: 'searchTransaction treasurer: reference "SCL00012"', budget: 30, run: post(treasurer, searchT, 'SCL00012') },
    { call: 'dashboard summary (bank admin)', budget: 150, run: get(admin, '/dashboard/summary') },
    { call: 'dashboard summary (treasurer, entity)', budget: 150, run: get(treasurer, '/dashboard/summary') },
    { call: 'bank dashboard (back office)', budget: 150, run: get(admin, '/back-office/dashboard') },
    { call: 'transactions list admin, first page', budget: 50, run: get(admin, '/transactions?limit=20&offset=0') },
    { call: 'transactions list treasurer, first page', budget: 50, run: get(treasurer, '/transactions?limit=20&offset=0') },
    // Keyset pages (ADR 062): page 201 by cursor costs what page 2 does; the same page by OFFSET sorts every row before it.
    ...(listCursors.admin ? [{ call: 'transactions list admin, page 201 by cursor', budget: 50, run: get(admin, `/transactions?limit=20&cursor=${listCursors.admin}`) }] : []),
    { call: 'transactions list admin, page 201 by offset', budget: 50, run: get(admin, '/transactions?limit=20&offset=4000') },
    // The dashboard's link from an offering type (ADR 075): the largest type's transactions this year, with their totals.
    ...(listSizes.offeringType ? [{ call: 'transactions list admin, the largest offering type this year', budget: 50, run: get(admin, `/transactions?limit=20&offset=0&status=completed&range=custom&from=${new Date().getUTCFullYear()}-01-01&to=${new Date().toISOString().slice(0, 10)}&offeringTypeId=${listSizes.offeringType}`) }] : []),
    // The lists added after issue 15 (keyset pages); their row counts are printed below the table.
    { call: 'SMS campaigns admin, first page', budget: 50, run: get(admin, '/sms/campaigns?limit=20') },
    { call: 'SMS campaigns treasurer, first page', budget: 50, run: get(treasurer, '/sms/campaigns?limit=20') },
    { call: 'failed SMS admin, first page', budget: 50, run: get(admin, '/sms/failed?limit=20') },
    { call: 'member transfers treasurer, incoming', budget: 50, run: get(treasurer, '/member-transfers?direction=incoming&limit=50') },
    ...(listSizes.church === null
      ? []
      : [
          { call: 'affiliation parents admin, a scale church', budget: 50, run: get(admin, `/institutions/${listSizes.church}/affiliation/parents`) },
          { call: 'affiliation parents admin, search "Dist"', budget: 50, run: get(admin, `/institutions/${listSizes.church}/affiliation/parents?search=Dist`) },
        ]),
  ];
  const rows: Array<Record<string, string | number>> = [];
  const results: Array<Record<string, unknown>> = [];
  // SCALE_BENCH_ONLY="transactions list": time only the calls whose name contains it (a quick before/after of one change).
  const only = process.env.SCALE_BENCH_ONLY;
  for (const call of only ? calls.filter((c) => c.call.includes(only)) : calls) {
    for (let i = 0; i < 3; i++) await (await call.run()).arrayBuffer();
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await call.run();
      await res.arrayBuffer();
      times.push(performance.now() - started);
      status = res.status;
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => Math.round(percentile(times, p) * 10) / 10) as [number, number, number];
    rows.push({ call: call.call, status, p50, p95, p99, budget: `≤ ${call.budget}`, ok: status === 200 && p95 <= call.budget ? 'yes' : 'NO', size });
    results.push({ call: call.call, status, p50, p95, p99, budgetP95: call.budget, size });
  }
  printTable(rows);
  console.log(`lists measured against: ${listSizes.campaigns} SMS campaigns, ${listSizes.failed} failed SMS, ${listSizes.transfers} member transfers, ${listSizes.institutions} institutions`);

  if (only) {
    // A partial run: no throughput, and bench/results.json keeps the last full run.
    await server.stop();
    process.exit(rows.some((row) => row.ok !== 'yes') ? 1 : 0);
  }

  // Cheap authenticated GET under load, and a bare Fastify hello-world beside it (same process, same autocannon).
  const load = (url: string, headers: Record<string, string> = {}) =>
    autocannon({ url, connections: 20, duration: Number(process.env.SCALE_BENCH_SECONDS ?? 10), headers });
  const cheap = await load(`${base}/getReligion`, admin);
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const hello = await load(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
  await bare.close();
  const throughput = {
    getReligion: { requestsPerSecond: Math.round(cheap.requests.average), p99: cheap.latency.p99, non2xx: cheap.non2xx },
    bareHelloWorld: { requestsPerSecond: Math.round(hello.requests.average), p99: hello.latency.p99 },
    ratio: Math.round((cheap.requests.average / hello.requests.average) * 1000) / 1000,
  };
  printTable([
    { call: 'GET /api/getReligion, 20 connections', 'req/s': throughput.getReligion.requestsPerSecond, p99: throughput.getReligion.p99, budget: '≥ 3000 req/s, p99 ≤ 50', non2xx: cheap.non2xx },
    { call: 'bare Fastify hello-world, 20 connections', 'req/s': throughput.bareHelloWorld.requestsPerSecond, p99: throughput.bareHelloWorld.p99, budget: '', non2xx: hello.non2xx },
    { call: 'ratio getReligion / hello-world', 'req/s': throughput.ratio, p99: '', budget: '', non2xx: '' },
  ]);
  writeResult('scale', { size, listSizes, runs: RUNS, calls: results, throughput });
  const grown = recordGrowth('scale', { ...counts, calls: results.map((r) => ({ call: String(r.call), p95: Number(r.p95) })) });
  const over = rows.filter((row) => row.ok !== 'yes').length + grown + (throughput.getReligion.requestsPerSecond < 3000 || throughput.getReligion.p99 > 50 ? 1 : 0);
  await server.stop();
  process.exit(over > 0 ? 1 : 0);
} catch (error) {
  await server.stop();
  throw error;
}
