// npm run bench -- scale (or -- scale-stats): the statistics, dashboard breakdowns, offerings report and statements of
// issue 16 against PostgreSQL holding `npm run seed:scale` data (DATABASE_URL), as scale.bench.ts
// does for search: the real server, the demo bank admin and treasurer, p50 / p95 / p99 over
// STATS_BENCH_RUNS calls after a warm-up. Budgets (../shared/guide/performance.md): a page p95 ≤ 150 ms;
// a file streams whole (the offerings report's Excel, a congregation's statements) within 10 s.
// Skipped (exit 0) without DATABASE_URL.
import { performance } from 'node:perf_hooks';
import { dayOf } from '../domain/calendar';
import { startBenchServer } from './lib/bench-server';
import { printTable, writeResult } from './lib/results';
import { dataSize, recordGrowth } from './lib/scale-growth';

const RUNS = Number(process.env.STATS_BENCH_RUNS ?? 30);
if (!process.env.DATABASE_URL) {
  console.log('stats bench skipped: set DATABASE_URL to a database filled by `npm run seed:scale`');
  process.exit(0);
}

const { server, base, signIn } = await startBenchServer();

type Call = { call: string; budget: number; runs: number; path: string; headers: Record<string, string> };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const admin = await signIn('admin');
  const treasurer = await signIn('treasurer');
  const today = dayOf(new Date());
  const year = `from=${today.slice(0, 4)}-01-01&to=${today}`;
  const profile = (await (await fetch(`${base}/profile`, { headers: treasurer })).json()) as { entityId?: number };
  const church = profile.entityId;
  // The largest top of the bank's tree (a union) this year: the statistics page's level comparison and series under it (ADR 079).
  const tops = (await (await fetch(`${base}/stats/overview?${year}`, { headers: admin })).json()) as { children: Array<{ id: number; amount: number }> };
  const union = [...tops.children].sort((a, b) => b.amount - a.amount)[0]?.id;
  const month = `from=${today.slice(0, 7)}-01&to=${today}`;
  const calls: Call[] = [
    { call: 'dashboard breakdowns, week (bank admin)', budget: 150, runs: RUNS, path: '/stats/dashboard?period=week', headers: admin },
    { call: 'dashboard breakdowns, month (bank admin)', budget: 150, runs: RUNS, path: '/stats/dashboard?period=month', headers: admin },
    { call: 'dashboard breakdowns, year (bank admin)', budget: 150, runs: RUNS, path: '/stats/dashboard?period=year', headers: admin },
    { call: 'dashboard breakdowns, month (treasurer)', budget: 150, runs: RUNS, path: '/stats/dashboard?period=month', headers: treasurer },
    { call: 'statistics overview, this year (bank admin)', budget: 150, runs: RUNS, path: `/stats/overview?${year}`, headers: admin },
    { call: 'statistics overview, this year (treasurer)', budget: 150, runs: RUNS, path: `/stats/overview?${year}`, headers: treasurer },
    { call: 'statistics over time, this year by week (bank admin)', budget: 150, runs: RUNS, path: `/stats/over-time?${year}&grain=week`, headers: admin },
    { call: 'statistics over time, this month by day (treasurer)', budget: 150, runs: RUNS, path: `/stats/over-time?${month}&grain=day`, headers: treasurer },
    ...(union
      ? [
          { call: 'statistics overview of a union, this year (bank admin)', budget: 150, runs: RUNS, path: `/stats/overview?${year}&institutionId=${union}`, headers: admin },
          { call: 'statistics overview of a union, this month (bank admin)', budget: 150, runs: RUNS, path: `/stats/overview?${month}&institutionId=${union}`, headers: admin },
          { call: 'statistics over time, a union this year by week (bank admin)', budget: 150, runs: RUNS, path: `/stats/over-time?${year}&grain=week&institutionId=${union}`, headers: admin },
          { call: 'level comparison, every church of a union, this month (bank admin)', budget: 150, runs: RUNS, path: `/stats/compare?${month}&institutionId=${union}`, headers: admin },
          { call: 'level comparison, every church of a union, this year (bank admin)', budget: 150, runs: RUNS, path: `/stats/compare?${year}&institutionId=${union}`, headers: admin },
        ]
      : []),
    // Every type in one JSON answer (the API's plain call, ADR 071): its size is the bank's number of
    // congregations' types (651 KB at the default size, 6.5 MB at 10x), so it is held to a file's budget; the page asks with a limit.
    { call: 'offerings report, every type as JSON (bank admin)', budget: 10_000, runs: RUNS, path: `/reports/offerings?${year}`, headers: admin },
    // What the statistics page asks for (ADR 071): the first 25 types, totals and the count over every type.
    { call: 'offerings report page (limit 25), bank admin', budget: 150, runs: RUNS, path: `/reports/offerings?${year}&limit=25`, headers: admin },
    { call: 'offerings report as Excel (bank admin)', budget: 10_000, runs: 5, path: `/reports/offerings?${year}&format=xlsx`, headers: admin },
    ...(church ? [{ call: 'congregation statements ZIP, this year (treasurer)', budget: 10_000, runs: 3, path: `/institutions/${church}/statements?year=${today.slice(0, 4)}`, headers: treasurer }] : []),
  ];
  const rows: Array<Record<string, string | number>> = [];
  for (const call of calls) {
    await (await fetch(`${base}${call.path}`, { headers: call.headers })).arrayBuffer();
    const times: number[] = [];
    let status = 0;
    let bytes = 0;
    for (let i = 0; i < call.runs; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${call.path}`, { headers: call.headers });
      bytes = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
      status = res.status;
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => Math.round(percentile(times, p) * 10) / 10) as [number, number, number];
    rows.push({ call: call.call, status, p50, p95, p99, bytes, budget: `≤ ${call.budget}`, ok: status === 200 && p95 <= call.budget ? 'yes' : 'NO' });
  }
  printTable(rows);
  writeResult('stats', { runs: RUNS, calls: rows });
  // The files' budget is their own (10 s whole); the growth budget is for the pages.
  const pageCalls = new Set(calls.filter((call) => call.budget <= 150).map((call) => call.call));
  const pages = rows.filter((row) => pageCalls.has(String(row.call)));
  const grown = recordGrowth('stats', { ...(await dataSize(process.env.DATABASE_URL!)), calls: pages.map((row) => ({ call: String(row.call), p95: Number(row.p95) })) });
  await server.stop();
  process.exit(rows.some((row) => row.ok !== 'yes') || grown > 0 ? 1 : 0);
} catch (error) {
  await server.stop();
  throw error;
}
