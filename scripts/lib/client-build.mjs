// Builds the PWA only when dist/client is missing or older than what it is built from, so a
// repeat `npm start` costs a directory walk (milliseconds) instead of a vite build (seconds).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './run.mjs';

const SOURCES = ['src', 'domain', 'locales', 'public', 'index.html', 'give.html', 'vite.config.ts', 'lingui.config.ts', 'package.json', 'tsconfig.app.json', 'tsconfig.sw.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // catches deleted files too
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why a build is needed, or null when dist/client is current. */
export function clientBuildReason(root) {
  const marker = join(root, 'dist/client/index.html');
  if (!existsSync(marker)) return 'no build yet';
  const built = statSync(marker).mtimeMs;
  const changed = SOURCES.find((source) => newestMtime(join(root, source)) > built);
  return changed ? `${changed} changed` : null;
}

export async function ensureClientBuilt(root, { force = false } = {}) {
  const reason = force ? 'forced' : clientBuildReason(root);
  if (!reason) return false;
  console.log(`Building the client (${reason})…`);
  await run('vite', ['build', '--logLevel', 'warn'], { cwd: root });
  return true;
}
