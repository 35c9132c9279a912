// Starts and stops; everything else lives in start-up.ts and the modules it calls.
import { loadConfig } from './config';
import { stopOnSignals } from './shutdown';
import { startServer } from './start-up';

// scripts/start.mjs passes when `npm start` began, so the banner's time includes the build check and module loading.
const startedAt = Number(process.env.SADAKA_STARTED_AT) || Math.round(performance.timeOrigin);

try {
  const running = await startServer(loadConfig(), { startedAt });
  stopOnSignals(running.stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
