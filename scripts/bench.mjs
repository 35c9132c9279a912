// npm run bench: build the client, then every bench/*.bench.{ts,mjs} (bundle size first), each
// printing a table and writing its part of bench/results.json. Exit 1 when any went over budget.
import { readdirSync } from 'node:fs';
import { ensureClientBuilt } from './lib/client-build.mjs';
import { root, run } from './lib/run.mjs';

const benches = readdirSync(new URL('../bench', import.meta.url))
  .filter((name) => /\.bench\.(ts|mjs)$/.test(name))
  .sort((a, b) => (a.startsWith('bundle-size') ? -1 : b.startsWith('bundle-size') ? 1 : a.localeCompare(b)));
const only = process.argv.slice(2);

let failed = 0;
try {
  await ensureClientBuilt(root);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
for (const name of benches.filter((bench) => only.length === 0 || only.some((word) => bench.includes(word)))) {
  console.log(`\n▶ ${name}`);
  try {
    await run(process.execPath, ['--import', 'tsx', `bench/${name}`]);
  } catch {
    failed += 1;
  }
}
console.log(failed ? `\n${failed} bench(es) over budget or failed; see bench/results.json` : '\nAll benches within budget; results in bench/results.json');
process.exit(failed ? 1 : 0);
