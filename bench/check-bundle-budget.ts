// `npm test` step: fails when the built PWA breaks a bundle budget (performance.md), or when there is no build.
import { fileURLToPath } from 'node:url';
import { analyseBundle } from './lib/bundle-analysis';

const dist = fileURLToPath(new URL('../dist/client', import.meta.url));
const entries = analyseBundle(dist);
if (entries.length === 0) {
  console.error('No build in dist/client to check: run `npm run build` first');
  process.exit(1);
}
for (const entry of entries) {
  const chunk = entry.largestRoute ? `${entry.largestRoute.kiB} KiB (${entry.largestRoute.file})` : 'none';
  console.log(
    `${entry.ok ? 'ok  ' : 'OVER'} ${entry.html}: initial JS ${entry.initialKiB} KiB of ${entry.initialBudgetKiB}; largest lazy chunk ${chunk} of ${entry.routeBudgetKiB}`,
  );
}
if (entries.some((entry) => !entry.ok)) process.exit(1);
