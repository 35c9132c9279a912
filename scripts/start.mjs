// npm start: build the PWA and compile the server if needed, then run the one server process
// (API + PWA + simulators) on plain Node; tsx is for `npm run dev` and the tests.
import { ensureClientBuilt } from './lib/client-build.mjs';
import { root, supervise } from './lib/run.mjs';
import { ensureServerBuilt, serverEntry } from './lib/server-build.mjs';

const startedAt = Date.now();
try {
  await ensureClientBuilt(root);
  await ensureServerBuilt(root);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
supervise(process.execPath, ['--enable-source-maps', serverEntry], {
  env: { ...process.env, SADAKA_STARTED_AT: String(startedAt) },
});
