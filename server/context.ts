import type { Config } from './config';
import type { Database } from './db/client';
import type { Translator } from './i18n';

/**
 * What services need from the outside world, built once per process (or per test) and passed
 * down explicitly. Providers join it as they land (sms, mail, payments).
 */
export type AppContext = {
  config: Config;
  database: Database;
  translator: Translator;
  /** Injected clock so expiry rules can be tested without waiting. */
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
