import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_ACQUIRE_TIMEOUT_MS } from '../../server/db/client';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

// PostgreSQL only (.pg.test.ts): PGlite has no pool. Every pooled connection is busy for longer than
// a request may wait for one (ten slow statements, a leak): the request is told to come back (503,
// Retry-After) instead of waiting for ever, and the app serves again once a connection is free.
describe('a request that finds every pooled connection busy', () => {
  let t: TestApp;
  let w: World;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    headers = (await signIn(t.app, w.users.church)).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is answered 503 with Retry-After after the acquire timeout, and the next request after the pool frees works', { timeout: 60_000 }, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    // Ten transactions (the pool's size) that each hold their connection until the gate opens.
    const holders = Array.from({ length: 10 }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started++;
        await gate;
      }),
    );
    try {
      while (started < 10) await new Promise((resolve) => setTimeout(resolve, 20));
      const startedAt = Date.now();
      const refused = await t.app.inject({ method: 'GET', url: '/api/cash-receipts', headers: { ...headers, lang: 'sw' } });
      const waited = Date.now() - startedAt;
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ statusCode: 503, code: 'database_unavailable' });
      expect(refused.json().message).not.toMatch(/timeout|connect/i);
      // It waited for a connection (the timeout), not failed at once.
      expect(waited).toBeGreaterThanOrEqual(POOL_ACQUIRE_TIMEOUT_MS - 100);
    } finally {
      release();
      await Promise.all(holders);
    }
    const served = await t.app.inject({ method: 'GET', url: '/api/cash-receipts', headers });
    expect(served.statusCode).toBe(200);
  });
});
