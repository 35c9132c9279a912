// npm test: every check, in order, stopping at the first failure with a non-zero exit.
import { ensureChromium } from './lib/chromium.mjs';
import { ensureClientBuilt } from './lib/client-build.mjs';
import { root, run } from './lib/run.mjs';

const steps = [
  // First: without Chromium the last step fails, and it should not take five minutes to find out.
  ['chromium', () => ensureChromium()],
  ['typecheck', () => run('tsc', ['-b', '--pretty', 'false'])],
  ['lint', () => run('eslint', ['.', '--max-warnings', '0'])],
  ['i18n', async () => {
    await run(process.execPath, ['scripts/check-i18n.mjs']);
    await run(process.execPath, ['scripts/check-i18n.mjs', 'locales/give/sw/messages.po']);
  }],
  ['build', () => ensureClientBuilt(root)],
  ['bundle budgets', () => run(process.execPath, ['--import', 'tsx', 'bench/check-bundle-budget.ts'])],
  ['unit and server tests', () => run('vitest', ['run'])],
  ['end-to-end', () => run(process.execPath, ['scripts/e2e.mjs'])],
];

const total = Date.now();
for (const [name, step] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await step();
  } catch (error) {
    console.error(`\n✗ ${name} failed: ${error.message}`);
    process.exit(error.exitCode || 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - total) / 1000).toFixed(1)} s`);
