// npm run dev: the API under `tsx watch` on API_PORT (default 3000) and the Vite dev server, which
// proxies /api to it (vite.config.ts). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { bin, root } from './lib/run.mjs';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/server.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, PORT: apiPort, HOST: process.env.HOST ?? '127.0.0.1' },
  }),
  spawn(bin('vite'), [], { stdio: 'inherit', cwd: root, env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` } }),
];

const alive = () => children.filter((child) => child.exitCode === null && child.signalCode === null);
const allExited = () => Promise.all(children.map((child) => new Promise((done) => (alive().includes(child) ? child.on('exit', done) : done()))));

let exiting = false;
/**
 * Ctrl+C already reached both children (same process group): give them time to shut down
 * gracefully (tsx watch force-kills the API on a second signal), and only then signal whoever is
 * left — e.g. when this script alone got a SIGTERM, or one child crashed.
 */
const stopAll = (code, graceMs) => {
  if (exiting) return;
  exiting = true;
  setTimeout(() => {
    for (const child of alive()) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 5000).unref();
  }, graceMs).unref();
  allExited().then(() => process.exit(code));
};
process.on('SIGINT', () => stopAll(0, 8000));
process.on('SIGTERM', () => stopAll(0, 0));
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1, 0));
