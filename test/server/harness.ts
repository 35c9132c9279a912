import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { createCaches } from '../../server/caches';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { type Database, openDatabase } from '../../server/db/client';
import { type OpenApiConformance, watchConformance } from './openapi-conformance';
import { openPgliteFromTemplate } from './pglite-template';
import { loadTranslator } from '../../server/i18n';
import { createProviders, type Providers } from '../../server/providers/build-providers';
import type { SimulatedSms } from '../../server/providers/sms/africas-talking-simulator';
import type { SelcomSimulator } from '../../server/providers/payments/selcom-simulator';
import { listMailOutbox, type OutboxMail } from '../../server/services/mail/mail-service';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** The PostgreSQL URL of this test app's own database; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** SMS (with wallet operations), mail, the job runner and the Africa's Talking simulator. */
  providers: Providers;
  /** Where the app listens on loopback (the simulator's delivery reports come here). */
  baseUrl: string;
  /** Runs every due background job now (same handlers as production); returns how many ran. */
  runJobs: () => Promise<number>;
  /** Runs due jobs, then waits until the simulator has POSTed its delivery reports. */
  settleSms: () => Promise<void>;
  /** What the simulated phone received, newest first (runs due jobs first). */
  smsInbox: (phone: string) => Promise<SimulatedSms[]>;
  /** The first 6-digit number in the newest SMS to `phone` (runs due jobs first); throws if none. */
  lastSmsCode: (phone: string) => Promise<string>;
  /** The local mail outbox (runs due jobs first), newest first, optionally only mail to one address. */
  mailOutbox: (to?: string) => Promise<OutboxMail[]>;
  /** The Selcom simulator (null when SELCOM_BASE_URL is set): script outcomes, answer pushes, read callbacks. */
  selcom: SelcomSimulator | null;
  /** Lets the Selcom simulator answer and call back, and runs due jobs, until nothing is left to do. */
  settlePayments: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A real app on a real database: in-memory PGlite by default, or PostgreSQL when
 * TEST_DATABASE_URL is set (CI runs the server suite both ways). No mocks of our own code: SMS go
 * through the real Africa's Talking client to its simulator on loopback, jobs through pg-boss.
 */
export async function createTestApp(
  overrides: {
    now?: () => Date;
    env?: NodeJS.ProcessEnv;
    simulatorDeliveryDelayMs?: number;
    /** Payment status polls (seconds after the start); the production schedule by default. */
    pollScheduleSeconds?: readonly number[];
    /** Selcom simulator's automatic answers (5 ms by default here) and scripted late successes. */
    selcomAnswerDelayMs?: number;
    selcomLateSuccessDelayMs?: number;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ DEMO_PASSWORD: 'Sadaka@2026', LOG_LEVEL: 'silent', ...overrides.env });
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
  const databaseUrl = scratch?.url;
  const opened = databaseUrl ? await openDatabase({ databaseUrl, dataDir: null }) : await openPgliteFromTemplate();
  // On PostgreSQL the scratch database is dropped after the connections close.
  const database: Database = scratch
    ? {
        ...opened,
        close: async () => {
          await opened.close();
          await scratch.drop();
        },
      }
    : opened;
  const now = overrides.now ?? (() => new Date());
  let providers: Providers;
  try {
    providers = await createProviders({
      config,
      database,
      now,
      databaseUrl,
      jobMaintenance: false,
      // Long enough that our 'sent' update lands before the report; settleSms() waits for it anyway.
      simulatorDeliveryDelayMs: overrides.simulatorDeliveryDelayMs ?? 50,
      ...(overrides.pollScheduleSeconds ? { pollScheduleSeconds: overrides.pollScheduleSeconds } : {}),
      selcomAnswerDelayMs: overrides.selcomAnswerDelayMs ?? 5,
      selcomLateSuccessDelayMs: overrides.selcomLateSuccessDelayMs ?? 20,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const ctx: AppContext = { config, database, caches: createCaches(database), translator: await loadTranslator(), sms: providers.sms, mail: providers.mail, payments: providers.payments, smsPurchases: providers.smsPurchases, links: providers.links, jobs: providers.jobs, now };
  const app = await buildApp({ ctx });
  const conformance = watchConformance(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  providers.attachApp(baseUrl);

  const runJobs = () => providers.jobs.drain();
  const smsInbox = async (phone: string) => {
    await runJobs();
    if (!providers.atSimulator) throw new Error('AT_BASE_URL is set: no simulator inbox to read');
    return providers.atSimulator.inbox(phone);
  };

  return {
    app,
    ctx,
    database,
    databaseUrl,
    providers,
    baseUrl,
    runJobs,
    async settleSms() {
      await runJobs();
      await providers.atSimulator?.settle();
    },
    smsInbox,
    async lastSmsCode(phone) {
      const newest = (await smsInbox(phone))[0];
      const code = newest?.message.match(/\b\d{6}\b/)?.[0];
      if (!code) throw new Error(`No SMS with a 6-digit code reached ${phone}`);
      return code;
    },
    selcom: providers.selcomSimulator,
    async settlePayments() {
      for (let round = 0; round < 20; round++) {
        await providers.selcomSimulator?.settle();
        if ((await runJobs()) === 0) return;
      }
    },
    async mailOutbox(to) {
      await runJobs();
      const mails = await listMailOutbox(database.raw, 500);
      return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails;
    },
    close: async () => {
      const checked = process.env.OPENAPI_CONFORMANCE === 'off' ? null : await conformance();
      await namedIfSlow('the providers (simulators, jobs)', providers.close());
      await namedIfSlow('the app (in-flight requests)', app.close());
      await namedIfSlow('the database (pool and change feed)', database.close());
      if (checked) await reportConformance(checked);
    },
  };
}

/**
 * Awaits one step of closing a test app and, if it takes over 15 s, says which on stderr (still
 * waiting): db-faults.pg.test.ts's first teardown once outlasted the 120 s hook under a loaded
 * PostgreSQL run, and the hook's timeout alone does not say which step held it.
 */
async function namedIfSlow(step: string, closing: Promise<unknown>): Promise<void> {
  const warning = setTimeout(() => process.stderr.write(`test app close: still waiting for ${step} after 15 s\n`), 15_000);
  try {
    await closing;
  } finally {
    clearTimeout(warning);
  }
}

/**
 * Test files run in parallel; on PostgreSQL each test app gets its own database (created from
 * TEST_DATABASE_URL, dropped at close) so files never see each other's rows or pg-boss jobs,
 * just as each PGlite test app is its own in-memory database.
 */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sadaka_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  async function drop() {
    // Closed pools may still be saying goodbye; FORCE would hit them with a FATAL, so wait a bit,
    // but by the clock, not by attempts: under CI load 50 attempts (each a new connection) can
    // outlast a 120 s afterAll hook, as one did in the PostgreSQL pass of stop 19's CI.
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      try {
        return await run(`drop database if exists "${name}"`);
      } catch (error) {
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await run(`drop database if exists "${name}" with (force)`);
  }
  return { url: url.toString(), drop };
}

/**
 * Every answer a server test received must be one the OpenAPI document allows (issue 10: an outside
 * client generated from it must not meet surprises). OPENAPI_CONFORMANCE_REPORT=<dir> also writes
 * the counts per test app there, to total them across files.
 */
async function reportConformance(conformance: OpenApiConformance): Promise<void> {
  const dir = process.env.OPENAPI_CONFORMANCE_REPORT;
  if (dir) {
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
    await writeFile(`${dir}/${process.pid}-${Math.random().toString(36).slice(2)}.json`, JSON.stringify({ checked: conformance.checked.length, problems: conformance.problems }));
    return;
  }
  if (conformance.problems.length > 0) {
    const lines = conformance.problems.slice(0, 20).map((p) => `  ${p.call}: ${p.problem}`);
    throw new Error(`${conformance.problems.length} of ${conformance.checked.length} answers do not conform to /api/openapi.json:\n${lines.join('\n')}`);
  }
}
