import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './serve-built-app';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The Playwright test server (scripts/e2e-server.mjs): the compiled server over the built client
 * in `clientDir`, a throw-away data directory with the demo seed, on a free port. For benches that
 * drive the app as a person would, signed in as a demo user.
 */
export async function startSeededServer(clientDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port), CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('the server was not ready within 180 s');
}
