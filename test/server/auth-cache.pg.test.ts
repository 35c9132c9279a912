import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type Caches, createCaches } from '../../server/caches';
import { LISTENER_NAME } from '../../server/db/change-feed';
import { type Database, openDatabase } from '../../server/db/client';
import { sha256 } from '../../server/services/auth/tokens';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

// PostgreSQL only (.pg.test.ts: run when TEST_DATABASE_URL is set). ADR 063: two replicas on one
// database, each with its own caches and its own LISTEN connection. A change made through one must
// empty the other's copy; a lost listening connection must turn the caches off until it is back.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session cache across two replicas on one PostgreSQL', () => {
  let a: TestApp;
  let bDatabase: Database;
  let bCaches: Caches;
  let b: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    a = await createTestApp();
    w = await createWorld(a.database.db);
    bDatabase = await openDatabase({ databaseUrl: a.databaseUrl!, dataDir: null });
    bCaches = createCaches(bDatabase);
    b = await buildApp({ ctx: { ...a.ctx, database: bDatabase, caches: bCaches } });
  });
  afterAll(async () => {
    await b.close();
    await bDatabase.close();
    await a.close();
  });

  const get = (app: FastifyInstance, url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers: { ...headers, lang: 'en' } });
  /**
   * Notifications reach a listening connection in commit order, and a session gets its own before
   * its query answers: once B's own notification is back, B has handled every change committed
   * before it. (Without this, B hears of A's change within the delivery time of one notification.)
   */
  const heardEverything = (database: Database) => database.raw.query(`select pg_notify('sadaka_cache', 'barrier')`);

  it('a sign-out on A is refused on B, which had the session cached', async () => {
    const s = await signIn(a.app, w.users.church);
    expect((await get(b, '/api/getReligion', s.headers)).statusCode).toBe(200);
    expect(bCaches.sessions.get(sha256(s.token))).toBeDefined();
    expect((await get(a.app, '/api/logout', s.headers)).statusCode).toBe(200);
    await heardEverything(bDatabase);
    expect(bCaches.sessions.get(sha256(s.token))).toBeUndefined();
    expect((await get(b, '/api/getReligion', s.headers)).json().code).toBe('session_expired');
  });

  it('a change on B checks the session in the database, whatever B has cached', async () => {
    const s = await signIn(a.app, w.users.churchB);
    expect((await get(b, '/api/profile', s.headers)).statusCode).toBe(200);
    await a.database.raw.query(`update sessions set revoked_at = now() where token_hash = $1`, [sha256(s.token)]);
    // No waiting for B to hear of it: a POST never uses the cache.
    const post = await b.inject({ method: 'POST', url: '/api/setReligion', headers: { ...s.headers, lang: 'en' }, payload: { religionId: w.christian.id } });
    expect(post.json().code).toBe('session_expired');
  });

  it('a disabled user on A is refused on B', async () => {
    const s = await signIn(a.app, w.users.mosque);
    expect((await get(b, '/api/profile', s.headers)).statusCode).toBe(200);
    await a.database.raw.query(`update users set status = 'disabled' where id = $1`, [w.users.mosque.id]);
    await heardEverything(bDatabase);
    expect((await get(b, '/api/profile', s.headers)).statusCode).toBe(401);
  });

  it('when its listening connection is killed, B forgets everything, serves from the database, and caches again once it is back', async () => {
    const s = await signIn(a.app, w.users.union);
    expect((await get(b, '/api/profile', s.headers)).statusCode).toBe(200);
    expect(bCaches.sessions.size).toBeGreaterThan(0);
    const killed = await a.database.raw.query(
      `select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [LISTENER_NAME],
    );
    expect(killed.rows.length).toBe(2); // A's and B's
    for (let i = 0; i < 100 && bDatabase.changes.live; i++) await sleep(20);
    expect(bDatabase.changes.live).toBe(false);
    expect(bCaches.sessions.size).toBe(0);
    // Requests keep working meanwhile, from the database.
    expect((await get(b, '/api/profile', s.headers)).statusCode).toBe(200);
    for (let i = 0; i < 500 && !bDatabase.changes.live; i++) await sleep(20);
    expect(bDatabase.changes.live).toBe(true);
    expect((await get(b, '/api/profile', s.headers)).statusCode).toBe(200);
    expect(bCaches.sessions.get(sha256(s.token))).toBeDefined();
    // And it hears changes again.
    await a.database.raw.query(`update sessions set revoked_at = now() where token_hash = $1`, [sha256(s.token)]);
    await heardEverything(bDatabase);
    expect((await get(b, '/api/profile', s.headers)).json().code).toBe('session_expired');
  });
});
