import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobRunner, type JobContext, type JobRunner } from '../../server/jobs/job-runner';
import { createTestApp, type TestApp } from './harness';

/** pg-boss on the test database (PGlite through the `db` adapter, or PostgreSQL in CI). */
describe('job runner', () => {
  let t: TestApp;
  let runner: JobRunner;
  const seen: Array<JobContext<{ n: number }>> = [];
  let failNext = 0;

  beforeAll(async () => {
    t = await createTestApp();
    runner = createJobRunner({ database: t.database, connectionString: t.databaseUrl, maintenance: false });
    runner.define<{ n: number }>('test-echo', { retryLimit: 2, retryDelay: 60, retryBackoff: false }, async (job) => {
      if (failNext > 0) {
        failNext--;
        throw new Error('scripted failure');
      }
      seen.push(job);
    });
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
  });

  it('drain() runs due jobs through the handler and leaves later ones for later', async () => {
    await runner.send('test-echo', { n: 1 });
    await runner.send('test-echo', { n: 2 }, { startAfter: 3600 });
    expect(await runner.drain()).toBe(1);
    expect(seen.map((j) => j.data.n)).toEqual([1]);
    expect(await runner.drain()).toBe(0);
  });

  it('a failing job is retried by pg-boss with its retry count', async () => {
    seen.length = 0;
    failNext = 1;
    await runner.send('test-echo', { n: 3 });
    await runner.drain();
    expect(seen).toEqual([]);
    await t.database.raw.query(`update pgboss.job set start_after = now() - interval '1 second' where name = 'test-echo' and state = 'retry'`);
    await runner.drain();
    expect(seen).toMatchObject([{ data: { n: 3 }, retryCount: 1, retryLimit: 2 }]);
  });

  it('workers poll the queue in production mode', async () => {
    seen.length = 0;
    await runner.startWorkers({ pollingIntervalSeconds: 0.5 });
    await runner.send('test-echo', { n: 4 });
    await vi.waitFor(() => expect(seen.map((j) => j.data.n)).toEqual([4]), { timeout: 5000, interval: 50 });
  });

  it('re-enqueues SMS stranded in queued (crash before enqueue) exactly once', async () => {
    const { rows } = await t.database.raw.query(`insert into sms_messages (receiver, message, status) values ('+255713999999', 'stranded', 'queued') returning id`);
    const id = Number(rows[0]?.id);
    expect(await t.providers.sms.recoverQueued()).toBe(1);
    expect(await t.providers.sms.recoverQueued()).toBe(0);
    await t.runJobs();
    expect((await t.smsInbox('+255713999999')).map((m) => m.message)).toEqual(['stranded']);
    const status = await t.database.raw.query('select status from sms_messages where id = $1', [id]);
    // The simulator's delivery report may already have arrived: either state means sent once.
    expect(['sent', 'delivered']).toContain(status.rows[0]?.status);
  });

  // Issue 10, faults: a backlog (20 payment checks after a restart) took 2–2.5 minutes with one
  // job per 2-second poll. With the production defaults it clears at the rate work arrives.
  it('clears a backlog of 20 slow jobs in seconds with the default worker settings', async () => {
    const backlog = createJobRunner({ database: t.database, connectionString: t.databaseUrl, maintenance: false });
    const done: number[] = [];
    backlog.define<{ n: number }>('test-backlog', { retryLimit: 1, retryDelay: 1, retryBackoff: false }, async (job) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (job.data.n === 7 && job.retryCount === 0) throw new Error('one failure fails only its own job');
      done.push(job.data.n);
    });
    await backlog.start();
    try {
      await backlog.sendMany('test-backlog', Array.from({ length: 20 }, (_, n) => ({ id: crypto.randomUUID(), data: { n } })));
      const started = Date.now();
      await backlog.startWorkers();
      await vi.waitFor(() => expect(done.filter((n) => n !== 7)).toHaveLength(19), { timeout: 6000, interval: 50 });
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      await backlog.stop();
    }
  });

  // Recurring work (reminders, pruning) is a pg-boss schedule in the database, so every replica
  // sees one cron and no process keeps its own timer; a schedule nobody registers any more goes.
  it('stores schedules in the database and removes ones no longer registered', async () => {
    const first = createJobRunner({ database: t.database, connectionString: t.databaseUrl, maintenance: true });
    first.define('test-nightly', { retryLimit: 0, retryDelay: 1, retryBackoff: false }, async () => {});
    first.define('test-hourly', { retryLimit: 0, retryDelay: 1, retryBackoff: false }, async () => {});
    first.schedule('test-nightly', '0 2 * * *', { kind: 'nightly' });
    first.schedule('test-hourly', '0 * * * *', {});
    expect(() => first.schedule('test-undefined', '* * * * *', {})).toThrow(/queue defined first/);
    await first.start();
    await first.stop();
    const names = async () => (await t.database.raw.query(`select name, cron, data from pgboss.schedule where name like 'test-%' order by name`)).rows;
    expect(await names()).toEqual([
      { name: 'test-hourly', cron: '0 * * * *', data: {} },
      { name: 'test-nightly', cron: '0 2 * * *', data: { kind: 'nightly' } },
    ]);

    const second = createJobRunner({ database: t.database, connectionString: t.databaseUrl, maintenance: true });
    second.define('test-nightly', { retryLimit: 0, retryDelay: 1, retryBackoff: false }, async () => {});
    second.schedule('test-nightly', '30 3 * * *', { kind: 'nightly' });
    await second.start();
    await second.stop();
    expect(await names()).toEqual([{ name: 'test-nightly', cron: '30 3 * * *', data: { kind: 'nightly' } }]);
  });
});
