import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { type Database, openDatabase } from '../../server/db/client';
import { loadTranslator } from '../../server/i18n';

export type TestApp = { app: FastifyInstance; ctx: AppContext; database: Database; close: () => Promise<void> };

/**
 * A real app on a real database: in-memory PGlite by default, or PostgreSQL when
 * TEST_DATABASE_URL is set (CI runs the server suite both ways). No mocks of our own code.
 */
export async function createTestApp(overrides: { now?: () => Date; env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const config = loadConfig({ DEMO_PASSWORD: 'Sadaka@2026', LOG_LEVEL: 'silent', ...overrides.env });
  const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: null });
  const ctx: AppContext = { config, database, translator: await loadTranslator(), now: overrides.now ?? (() => new Date()) };
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
