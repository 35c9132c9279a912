// The server Playwright starts: the real built app on a fresh, throw-away PGlite data directory,
// seeded with the demo data, removed again when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/run.mjs';
import { ensureServerBuilt, serverEntry } from './lib/server-build.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'sadaka-e2e-'));
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });

// The compiled server, as `npm start` runs it, so every spec also exercises the production build.
await ensureServerBuilt(root);
const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '3999',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SEED: 'demo',
    // As behind a load balancer: specs that must fail sign-ins (the lockout spec) send their own
    // X-Forwarded-For, so locking that address never locks out the specs that run after them.
    TRUST_PROXY: 'true',
    // A push nobody answers ends after 8 s instead of 2 minutes, so the timeout spec stays short.
    PAYMENT_PUSH_TIMEOUT_SECONDS: process.env.PAYMENT_PUSH_TIMEOUT_SECONDS ?? '8',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
