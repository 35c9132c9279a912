// Compiles the server for `npm start` (issue 15): one ES module, dist/server/server.mjs, bundled by
// esbuild from server/server.ts with every package left to node_modules. Production runs plain
// Node on it, not TypeScript through tsx (which `npm run dev` and the tests keep). Rebuilt only when
// missing or older than what it is built from, so a repeat start costs a directory walk.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['server', 'domain', 'package.json', 'tsconfig.server.json'];
export const serverEntry = 'dist/server/server.mjs';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why a build is needed, or null when dist/server is current. */
export function serverBuildReason(root) {
  const out = join(root, serverEntry);
  if (!existsSync(out)) return 'no build yet';
  const built = statSync(out).mtimeMs;
  const changed = SOURCES.find((source) => newestMtime(join(root, source)) > built);
  return changed ? `${changed} changed` : null;
}

export async function ensureServerBuilt(root, { force = false } = {}) {
  const reason = force ? 'forced' : serverBuildReason(root);
  if (!reason) return false;
  console.log(`Compiling the server (${reason})…`);
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: ['server/server.ts'],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies load from node_modules as they do under tsx; only our TypeScript is compiled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return true;
}
