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
  const firstVisit = entry.largestFirstVisit ? `${entry.largestFirstVisit.kiB} KiB (${entry.largestFirstVisit.file})` : 'none';
  console.log(
    `${entry.ok ? 'ok  ' : 'OVER'} ${entry.html}: initial JS ${entry.initialKiB} KiB of ${entry.initialBudgetKiB}; largest lazy chunk ${chunk} of ${entry.routeBudgetKiB}; largest first visit of a route ${firstVisit} (not budgeted)`,
  );
}
// The public giving page (give.html, give-en.html) has the 90 KiB budget; a build without it has lost the page.
if (!entries.some((entry) => entry.kind === 'giving')) {
  console.error('OVER no giving page (give.html) in the build: its 90 KiB budget cannot be checked');
  process.exit(1);
}
if (entries.some((entry) => !entry.ok)) process.exit(1);
