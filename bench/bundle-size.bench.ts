// Bundle sizes of the built PWA against the budgets (run by `npm run bench` after a build).
import { fileURLToPath } from 'node:url';
import { analyseBundle } from './lib/bundle-analysis';
import { printTable, writeResult } from './lib/results';

const dist = fileURLToPath(new URL('../dist/client', import.meta.url));
const entries = analyseBundle(dist);
if (entries.length === 0) {
  console.error('No build in dist/client: run `npm run build` first');
  process.exit(1);
}

console.log('\nBundle size (gzip, KiB)\n');
printTable(
  entries.map((entry) => ({
    entry: entry.html,
    kind: entry.kind,
    'initial JS': `${entry.initialKiB} (${entry.initialFiles} files)`,
    budget: entry.initialBudgetKiB,
    'largest lazy chunk': entry.largestRoute ? `${entry.largestRoute.kiB} ${entry.largestRoute.file}` : '-',
    'chunk budget': entry.routeBudgetKiB,
    'largest first visit (chunk + shared deps not yet loaded)': entry.largestFirstVisit ? `${entry.largestFirstVisit.kiB} ${entry.largestFirstVisit.file}` : '-',
    result: entry.ok ? 'ok' : 'OVER BUDGET',
  })),
);
writeResult('bundle', { entries });
if (entries.some((entry) => !entry.ok)) process.exitCode = 1;
