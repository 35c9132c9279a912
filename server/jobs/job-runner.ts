import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { DEFAULT_TIME_ZONE } from '../../domain/calendar';
import { pgliteBossDb } from './pglite-boss-db';

/**
 * Background work on pg-boss: on PostgreSQL through its own small pool, on PGlite through the
 * `db` adapter (same schema, same SQL). Queues are declared with their handler before `start()`.
 * Production polls with `startWorkers()`; tests call `drain()`, which fetches due jobs and runs
 * the very same handlers and complete/fail calls, so retries and back-off are pg-boss's own.
 */

export type JobContext<T> = { id: string; data: T; retryCount: number; retryLimit: number };
export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;
export type QueueOptions = { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds?: number };

export type JobLogger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export type JobRunner = {
  define<T extends object>(name: string, options: QueueOptions, handler: JobHandler<T>): void;
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Many jobs of one queue in one INSERT (pg-boss `insert`), with the queue's retry options. A job
   * whose id already exists is skipped, as `send` skips it, so giving ids keeps enqueueing idempotent.
   */
  sendMany<T extends object>(name: string, jobs: ReadonlyArray<{ id: string; data: T }>): Promise<void>;
  /**
   * A recurring job of a defined queue, on a cron expression (pg-boss `schedule`, stored in the
   * database, never an in-process timer). pg-boss's cron monitor holds a lock while it sends, and
   * keys each run by queue and minute, so several replicas enqueue one job per tick. Registered at
   * `start()`; with maintenance off (tests) nothing fires by itself and tests `send` the job.
   */
  schedule<T extends object>(name: string, cron: string, data: T): void;
  start(): Promise<void>;
  startWorkers(options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /** Runs every due job of every queue until none is left; returns how many ran. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

type Definition = { options: QueueOptions; handler: JobHandler<object> };

/**
 * Each poll takes up to 20 due jobs of a queue and runs them together, once a second: a backlog
 * (20 payment checks after a restart) clears in about a second instead of one job per 2-second
 * poll (2–2.5 minutes). pg-boss's SKIP LOCKED fetch keeps this exactly-once across replicas.
 */
const WORKER_BATCH_SIZE = 20;
const WORKER_POLLING_SECONDS = 1;

export function createJobRunner(options: {
  database: Database;
  /** PostgreSQL connection string; required when the database is PostgreSQL. */
  connectionString?: string | undefined;
  /** Off in tests: maintenance timers would keep querying a database the test already closed. */
  maintenance?: boolean;
  logger?: JobLogger;
}): JobRunner {
  const maintenance = options.maintenance ?? true;
  const common = { schema: 'pgboss', supervise: maintenance, schedule: maintenance };
  let boss: PgBoss;
  if (options.database.kind === 'postgres') {
    if (!options.connectionString) throw new Error('The job queue needs a connection string on PostgreSQL');
    boss = new PgBoss({ ...common, connectionString: options.connectionString, max: 4 });
  } else {
    boss = new PgBoss({ ...common, db: pgliteBossDb(options.database.raw) as PgBoss.Db });
  }
  boss.on('error', (error) => options.logger?.error({ err: error }, 'job queue error'));

  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, { cron: string; data: object }>();
  let started = false;

  async function run(name: string, job: PgBoss.JobWithMetadata<object>) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`No handler for job queue ${name}`);
    await definition.handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
  }

  return {
    define(name, queueOptions, handler) {
      if (started) throw new Error(`Queue ${name} must be defined before the job runner starts`);
      definitions.set(name, { options: queueOptions, handler: handler as JobHandler<object> });
    },
    async send(name, data, sendOptions) {
      return boss.send(name, data, sendOptions ?? {});
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(jobs.map((job) => ({ name, id: job.id, data: job.data })));
    },
    schedule(name, cron, data) {
      if (started) throw new Error(`Schedule ${name} must be registered before the job runner starts`);
      if (!definitions.has(name)) throw new Error(`Schedule ${name} needs its queue defined first`);
      schedules.set(name, { cron, data });
    },
    async start() {
      if (started) return;
      // pg-boss 10 creates each queue (a partition of its job table) without a lock: two replicas
      // starting together on a fresh database deadlocked there and one died. One at a time, the
      // second finds the schema and the queues in place.
      await options.database.withLock('sadaka:job-queues', async () => {
        await boss.start();
        for (const [name, { options: queueOptions }] of definitions) {
          await boss.createQueue(name, { name, ...queueOptions });
        }
        // Schedules live in the database: re-registering on every start keeps the cron current, and
        // one left from a queue no longer scheduled would keep firing, so those are removed.
        if (maintenance) {
          for (const [name, { cron, data }] of schedules) await boss.schedule(name, cron, data, { tz: DEFAULT_TIME_ZONE });
          for (const existing of await boss.getSchedules()) {
            if (!schedules.has(existing.name)) await boss.unschedule(existing.name);
          }
        }
      });
      started = true;
    },
    async startWorkers(workerOptions) {
      for (const name of definitions.keys()) {
        await boss.work<object>(
          name,
          { includeMetadata: true, batchSize: WORKER_BATCH_SIZE, pollingIntervalSeconds: workerOptions?.pollingIntervalSeconds ?? WORKER_POLLING_SECONDS },
          async (jobs) => {
            // The batch runs together; a job that throws is failed (and retried) on its own, the
            // others complete when the handler returns (pg-boss completes only jobs still active).
            await Promise.all(
              jobs.map(async (job) => {
                try {
                  await run(name, job);
                } catch (error) {
                  await boss.fail(name, job.id, { message: (error as Error).message });
                }
              }),
            );
          },
        );
      }
    },
    async drain() {
      let total = 0;
      for (let round = 0; round < 1000; round++) {
        let ran = 0;
        for (const name of definitions.keys()) {
          const jobs = await boss.fetch<object>(name, { batchSize: 20, includeMetadata: true });
          for (const job of jobs) {
            ran++;
            try {
              await run(name, job);
              await boss.complete(name, job.id);
            } catch (error) {
              await boss.fail(name, job.id, { message: (error as Error).message });
            }
          }
        }
        total += ran;
        if (ran === 0) return total;
      }
      throw new Error('drain() gave up after 1000 rounds: a job keeps scheduling more work');
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
