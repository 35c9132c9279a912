import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createCaches } from './caches';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { ensureSeeded, type SeedOutcome } from './db/seed/ensure-seeded';
import { loadTranslator } from './i18n';
import { createProviders, type ProviderLogger, type Providers } from './providers/build-providers';
import { printBanner } from './start-banner';

export type RunningServer = { app: FastifyInstance; url: string; stop: () => Promise<void> };

/**
 * Opens (creates, migrates) the database, seeds the demo once, starts providers and simulators,
 * then the one Fastify process that serves the API and the built PWA. On any failure it undoes
 * what it had started, in reverse order, before rethrowing.
 */
export async function startServer(config: Config, options: { startedAt: number }): Promise<RunningServer> {
  const undo: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of undo.reverse().splice(0)) {
      try {
        await step();
      } catch (error) {
        console.error('while stopping:', error);
      }
    }
  };
  const phases: Record<string, number> = {};
  let mark = Date.now();
  const phase = (name: string) => {
    phases[name] = Date.now() - mark;
    mark = Date.now();
  };
  try {
    phases.launch = mark - options.startedAt;
    const database: Database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    undo.push(() => database.close());
    phase('database');

    const seed: SeedOutcome =
      config.seed === 'demo' ? await ensureSeeded(database, { demoPassword: config.demoPassword, now: new Date() }) : { seeded: false, reason: 'SEED=none' };
    phase('seed');

    // Providers start before the app exists; their log lines go to the app's logger once it does.
    let app: FastifyInstance | null = null;
    const log: ProviderLogger = {
      error: (obj, msg) => (app ? app.log.error(obj, msg) : console.error(msg, obj)),
      warn: (obj, msg) => (app ? app.log.warn(obj, msg) : console.warn(msg, obj)),
      info: (obj, msg) => (app ? app.log.info(obj, msg) : console.info(msg, obj)),
    };
    const translator = await loadTranslator();
    const providers: Providers = await createProviders({ config, database, now: () => new Date(), logger: log, translator });
    undo.push(() => providers.close());
    phase('providers');

    const ctx: AppContext = { config, database, caches: createCaches(database), translator, sms: providers.sms, mail: providers.mail, payments: providers.payments, smsPurchases: providers.smsPurchases, links: providers.links, jobs: providers.jobs, now: () => new Date() };
    app = await buildApp({ ctx, serveClient: true, logger: true });
    const built = app;
    undo.push(() => built.close());
    await app.listen({ port: config.port, host: config.host });

    const url = listenUrl(app, config);
    providers.attachApp(url);
    // SMS and payments a previous run left without their job are queued again (the recovery
    // sweep repeats this on a schedule), then the workers poll.
    await providers.startJobs();
    phase('app');
    printBanner({ config, url, database, seed, providers, readyMs: Date.now() - options.startedAt, phases });
    return { app, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function listenUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // 0.0.0.0 and :: are where we listen, not where a browser can go.
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
