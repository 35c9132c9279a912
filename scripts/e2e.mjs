// npm run test:e2e: Playwright in Debian's Chromium against a real server (see playwright.config.ts).
import { createServer } from 'node:net';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureClientBuilt } from './lib/client-build.mjs';
import { root, run } from './lib/run.mjs';


/** A port nobody listens on right now, so the test server never meets a running `npm start`. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

try {
  await ensureChromium();
  await ensureClientBuilt(root);
  const port = process.env.E2E_PORT ?? String(await freePort());
  // The giving specs open the Selcom simulator's handset page, so they must know its port.
  const selcomPort = process.env.SELCOM_SIMULATOR_PORT ?? String(await freePort());
  // The SMS and phone-change specs read the Africa's Talking simulator's inbox (one scripts a failed delivery).
  const atPort = process.env.SIMULATOR_PORT ?? String(await freePort());
  await run('playwright', ['test', ...process.argv.slice(2)], { env: { ...process.env, E2E_PORT: port, SELCOM_SIMULATOR_PORT: selcomPort, SIMULATOR_PORT: atPort } });
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode || 1);
}
