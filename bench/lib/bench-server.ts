// The real server for the scale benches: every plugin, the demo users, in this process on a free
// loopback port, quiet, so what is timed is the API and not the logger.
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/start-up';

export async function startBenchServer() {
  const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED: 'demo' });
  const server = await startServer(config, { startedAt: Date.now() });
  server.app.log.level = 'silent';
  const base = `${server.url}/api`;

  /** A demo user's bearer header (the demo password of this configuration). */
  async function signIn(username: string): Promise<Record<string, string>> {
    const res = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: config.demoPassword }) });
    if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
    return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  }

  return { config, server, base, signIn };
}
