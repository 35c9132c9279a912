// Lighthouse on the public giving page (/give-offerings) against its budget (performance.md):
// Debian's Chromium, mobile, simulated Slow 4G (150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown), the
// median of a few runs because this machine is shared and noisy. Uses the built client in
// dist/client (npm run bench builds it first), or BENCH_CLIENT_DIR.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, writeResult } from './lib/results';
import { serveBuiltApp } from './lib/serve-built-app';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = ['/give-offerings', '/en/give-offerings'];
const GIVING_LIGHTHOUSE_BUDGET = { performance: 95, lcpMs: 2000, tbtMs: 100, cls: 0.05 } as const;

type Metrics = { performance: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number; transferKiB: number };

/** The project's pinned lighthouse (devDependency) when installed, else the same version through npx. */
function lighthouseCommand(): { command: string; args: string[] } {
  const local = join(root, 'node_modules/.bin/lighthouse');
  if (existsSync(local)) return { command: local, args: [] };
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
  const version = pkg.devDependencies?.lighthouse ?? '12.8.2';
  return { command: 'npx', args: ['-y', `lighthouse@${version}`] };
}

function runLighthouse(url: string, outputPath: string): Promise<void> {
  const { command, args } = lighthouseCommand();
  const chromeFlags = [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    // Without these Chromium keeps calling home and floods a closed network (stack-notes.md).
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ].join(' ');
  const flags = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance',
    '--form-factor=mobile',
    '--throttling-method=simulate',
    // Lighthouse's "Slow 4G" mobile profile, spelled out so a new default cannot move the goalposts.
    '--throttling.rttMs=150',
    '--throttling.throughputKbps=1638.4',
    '--throttling.cpuSlowdownMultiplier=4',
    `--chrome-flags=${chromeFlags}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, ...flags], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: CHROMIUM } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`))));
  });
}

type LighthouseReport = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
};

function readMetrics(file: string): Metrics {
  const report = JSON.parse(readFileSync(file, 'utf8')) as LighthouseReport;
  const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(value('first-contentful-paint')),
    transferKiB: Math.round((value('total-byte-weight') / 1024) * 10) / 10,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function medianMetrics(runs: Metrics[]): Metrics {
  const pick = (key: keyof Metrics) => median(runs.map((run) => run[key]));
  return { performance: pick('performance'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), cls: pick('cls'), fcpMs: pick('fcpMs'), transferKiB: pick('transferKiB') };
}

const withinBudget = (m: Metrics) =>
  m.performance >= GIVING_LIGHTHOUSE_BUDGET.performance &&
  m.lcpMs <= GIVING_LIGHTHOUSE_BUDGET.lcpMs &&
  m.tbtMs <= GIVING_LIGHTHOUSE_BUDGET.tbtMs &&
  m.cls <= GIVING_LIGHTHOUSE_BUDGET.cls;

if (!existsSync(CHROMIUM)) {
  console.error('Chromium is missing: run `sudo apt-get update && sudo apt-get install -y chromium` (Debian) and retry');
  process.exit(1);
}
const clientDir = process.env.BENCH_CLIENT_DIR ?? join(root, 'dist/client');
if (!existsSync(join(clientDir, 'give.html'))) {
  console.error(`No giving page in ${clientDir}: run \`npm run build\` first`);
  process.exit(1);
}

const app = await serveBuiltApp(clientDir);
const scratch = mkdtempSync(join(tmpdir(), 'sadaka-lighthouse-'));
const results: Array<{ page: string; runs: Metrics[]; median: Metrics; ok: boolean }> = [];
try {
  for (const page of PAGES) {
    const runs: Metrics[] = [];
    for (let run = 0; run < RUNS; run++) {
      const output = join(scratch, `run-${results.length}-${run}.json`);
      await runLighthouse(`${app.url}${page}`, output);
      runs.push(readMetrics(output));
    }
    const summary = medianMetrics(runs);
    results.push({ page, runs, median: summary, ok: withinBudget(summary) });
  }
} finally {
  await app.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`\nLighthouse, mobile, simulated Slow 4G, 4× CPU (median of ${RUNS})\n`);
const budget = GIVING_LIGHTHOUSE_BUDGET;
printTable(
  results.map((result) => ({
    page: result.page,
    performance: `${result.median.performance} (≥ ${budget.performance})`,
    LCP: `${result.median.lcpMs} ms (≤ ${budget.lcpMs})`,
    TBT: `${result.median.tbtMs} ms (≤ ${budget.tbtMs})`,
    CLS: `${result.median.cls} (≤ ${budget.cls})`,
    FCP: `${result.median.fcpMs} ms`,
    transfer: `${result.median.transferKiB} KiB`,
    result: result.ok ? 'ok' : 'OVER BUDGET',
  })),
);
writeResult('givingLighthouse', { budget, runsPerPage: RUNS, pages: results });
if (results.some((result) => !result.ok)) process.exitCode = 1;
