// Chromium for the end-to-end step: checked FIRST, so a fresh machine learns in a second (not after
// five minutes of other steps) and, as root, gets it installed the way .ci/run does.
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

export const CHROMIUM = '/usr/bin/chromium';

export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error('Chromium is missing: run `sudo apt-get update && sudo apt-get install -y chromium` (Debian) and retry');
  }
  console.log('Chromium is missing: installing it from Debian (apt-get, about a minute)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`);
}
