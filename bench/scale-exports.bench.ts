// npm run bench -- scale (this file's name holds "scale"): issue 16's export budget against the
// `npm run seed:scale` PostgreSQL (DATABASE_URL). Starts the real server in this process, signs in
// as the bank admin and downloads the transactions export of the newest ~100,000 rows as CSV and
// as XLSX over loopback HTTP, timing each end to end (and to its first byte) while sampling the
// process's resident memory: the reader only counts bytes, so the growth is the server's. Budget
// (docs/guide performance.md): ≤ 10 s per export, memory flat (ADR 060).
// Skipped (exit 0) without DATABASE_URL.
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import pg from 'pg';
import { startBenchServer } from './lib/bench-server';
import { printTable, writeResult } from './lib/results';

const ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 100_000);
const BUDGET_MS = 10_000;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('scale export bench skipped: set DATABASE_URL to a database filled by `npm run seed:scale`');
  process.exit(0);
}

// The days (East Africa) holding the newest ROWS transactions: from the day of the ROWS-th newest to the newest.
const range = await (async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const day = `(received_at at time zone 'Africa/Dar_es_Salaam')::date::text`;
    const { rows } = await client.query(
      `select (select ${day} from transactions order by received_at desc, id desc offset $1 limit 1) as "from",
              (select ${day} from transactions order by received_at desc, id desc limit 1) as "to",
              (select count(*) from transactions)::int as total`,
      [ROWS - 1],
    );
    return rows[0] as { from: string; to: string; total: number };
  } finally {
    await client.end();
  }
})();

const { config, server, base, signIn } = await startBenchServer();
const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

try {
  const headers = { ...(await signIn('admin')), lang: 'en' };
  const rows: Array<Record<string, string | number>> = [];
  const results: Array<Record<string, unknown>> = [];
  for (const format of ['csv', 'xlsx'] as const) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const res = await fetch(`${base}/transactions/export?range=custom&from=${range.from}&to=${range.to}&status=all&format=${format}`, { headers });
    const firstByte = performance.now() - started;
    let bytes = 0;
    let lines = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (format === 'csv') for (const byte of value) if (byte === 0x0a) lines += 1;
    }
    const total = performance.now() - started;
    clearInterval(sampler);
    // CPU seconds this process used (server and the byte-counting reader): on a shared machine the wall time is mostly waiting for a core.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    const count = Number(res.headers.get('x-export-included'));
    // CSV: one line per row plus the header proves the file is whole (XLSX is checked by the tests).
    const complete = res.status === 200 && (format === 'xlsx' || lines === count + 1);
    const ok = complete && total <= BUDGET_MS;
    rows.push({ export: `transactions ${format.toUpperCase()} (admin)`, status: res.status, rows: count, MB: mb(bytes), 'first byte ms': Math.round(firstByte), 'total ms': Math.round(total), 'rows/s': Math.round(count / (total / 1000)), 'CPU ms': cpuMs, 'RSS before MB': mb(before), 'RSS peak MB': mb(peak), budget: `≤ ${BUDGET_MS} ms`, ok: ok ? 'yes' : 'NO' });
    results.push({ format, status: res.status, rows: count, bytes, firstByteMs: Math.round(firstByte), totalMs: Math.round(total), cpuMs, rssBeforeMb: mb(before), rssPeakMb: mb(peak), complete, budgetMs: BUDGET_MS });
  }
  const load = os.loadavg().map((value) => Math.round(value * 100) / 100);
  printTable(rows);
  console.log(`${range.total.toLocaleString('en')} transactions in the database; exported the days ${range.from} to ${range.to}; batch ${config.exports.batchRows} rows; load average ${load.join(', ')}`);
  writeResult('scaleExports', { range, batchRows: config.exports.batchRows, loadAverage: load, exports: results });
  await server.stop();
  process.exit(rows.every((row) => row.ok === 'yes') ? 0 : 1);
} catch (error) {
  await server.stop();
  throw error;
}
