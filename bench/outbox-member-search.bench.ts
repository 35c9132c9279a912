// Local member search at 10,000 cached members (performance.md: ≤ 16 ms p95 per keystroke, never a
// full-table filter). Measured twice with the same code and workload: in Debian's Chromium on its
// real IndexedDB (the budget's "bench in Chromium"; also at 4× CPU slowdown, for a cheap phone), and
// in Node on fake-indexeddb (a pure-JS IndexedDB, slower than a browser's: a floor, not the target).
// Node has no IndexedDB; this pure-JS one is used by the Node run only (the Chromium run uses the browser's).
import 'fake-indexeddb/auto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { benchMembers, INSTITUTION_ID, keystrokes, MEMBER_COUNT, percentile } from './lib/member-search-workload';
import { printTable, writeResult } from './lib/results';
import { launchBenchChromium } from './lib/bench-browser';

const BUDGET_P95_MS = 16;
const root = fileURLToPath(new URL('..', import.meta.url));

type Row = { where: string; keystrokes: number; medianMs: number; p95Ms: number; maxMs: number; budgeted: boolean };

function summarise(where: string, timings: number[], budgeted: boolean): Row {
  const round = (value: number) => Math.round(value * 100) / 100;
  return { where, keystrokes: timings.length, medianMs: round(percentile(timings, 50)), p95Ms: round(percentile(timings, 95)), maxMs: round(Math.max(...timings)), budgeted };
}

async function inNode(): Promise<number[]> {
  const { db } = await import('../src/lib/db');
  const { storeMemberPage } = await import('../src/lib/offline/refresh-cache');
  const { searchLocalMembers } = await import('../src/lib/offline/search-members');
  await db.delete();
  await db.open();
  const members = benchMembers();
  for (let start = 0; start < members.length; start += 2000) await storeMemberPage(members.slice(start, start + 2000));
  if ((await db.members.count()) !== MEMBER_COUNT) throw new Error('seeding failed');
  const queries = keystrokes(members);
  for (const query of queries.slice(0, 20)) await searchLocalMembers(INSTITUTION_ID, query);
  const timings: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await searchLocalMembers(INSTITUTION_ID, query);
    timings.push(performance.now() - started);
  }
  db.close();
  return timings;
}

/** The search module and its Dexie database as one small ES bundle, served beside a blank page. */
async function servePage(dir: string): Promise<Server> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    build: {
      outDir: dir,
      emptyOutDir: true,
      lib: { entry: join(root, 'bench/lib/member-search-page.ts'), formats: ['es'], fileName: () => 'search.js' },
    },
  });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>search bench</title><script type="module" src="/search.js"></script>');
  // Any chunk the bundle splits off (the phone rules load on demand) is served beside search.js.
  const chunks = new Set(readdirSync(dir).filter((name) => name.endsWith('.js')));
  const server = createServer((request, response) => {
    const asked = (request.url ?? '/').slice(1);
    const file = chunks.has(asked) ? asked : 'index.html';
    response.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'text/html');
    response.end(readFileSync(join(dir, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function inChromium(cpuSlowdown: number, url: string): Promise<number[]> {
  const browser = await launchBenchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => typeof window.timeKeystrokes === 'function');
    const seeded = await page.evaluate(() => window.seedMembers());
    if (seeded !== MEMBER_COUNT) throw new Error(`seeded ${seeded} members`);
    if (cpuSlowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    const { timings, found } = await page.evaluate(() => window.timeKeystrokes());
    if (found === 0) throw new Error('the searches found nobody: the workload is wrong');
    return timings;
  } finally {
    await browser.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'sadaka-search-bench-'));
const rows: Row[] = [];
let server: Server | undefined;
try {
  server = await servePage(dir);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  rows.push(summarise('Chromium, IndexedDB', await inChromium(1, url), true));
  rows.push(summarise('Chromium, IndexedDB, 4× CPU slowdown', await inChromium(4, url), false));
} catch (error) {
  console.error(`Chromium run failed (${(error as Error).message}); only the Node run is reported.`);
} finally {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
}
rows.push(summarise('Node, fake-indexeddb', await inNode(), rows.length === 0));

const judged = rows.find((row) => row.budgeted)!;
const ok = judged.p95Ms <= BUDGET_P95_MS;
console.log(`\nLocal member search: ${MEMBER_COUNT.toLocaleString('en')} cached members, one search per keystroke\n`);
printTable(
  rows.map((row) => ({
    where: row.where,
    keystrokes: row.keystrokes,
    'median ms': row.medianMs,
    'p95 ms': row.p95Ms,
    'max ms': row.maxMs,
    budget: row.budgeted ? `p95 ≤ ${BUDGET_P95_MS} ms` : 'for information',
    result: row.budgeted ? (ok ? 'ok' : 'OVER BUDGET') : '-',
  })),
);
writeResult('memberSearchLocal', { members: MEMBER_COUNT, budgetP95Ms: BUDGET_P95_MS, judgedOn: judged.where, ok, rows });
if (!ok) process.exitCode = 1;
