// npm start: build the PWA if needed, then run the one server process (API + PWA + simulators).
import { ensureClientBuilt } from './lib/client-build.mjs';
import { root, supervise } from './lib/run.mjs';

const startedAt = Date.now();
try {
  await ensureClientBuilt(root);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
supervise(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  env: { ...process.env, SADAKA_STARTED_AT: String(startedAt) },
});
