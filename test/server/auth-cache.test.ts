import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema/auth';
import { religions } from '../../server/db/schema/reference';
import { roleGroupFeatures, users } from '../../server/db/schema/users';
import { InvalidatedCache } from '../../server/lib/invalidated-cache';
import { sha256 } from '../../server/services/auth/tokens';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

const MINUTE = 60_000;

/**
 * ADR 063: reads take a live session (and the religions) from memory; the database's triggers
 * empty those copies when a change commits. Each change here is written straight to the database,
 * as another replica or an operator would, and must count on this app's very next request.
 */
describe('session and religion caches', () => {
  let t: TestApp;
  let w: World;
  let clock = new Date('2026-03-02T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    w = await createWorld(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: { ...headers, lang: 'en' } });
  const cached = (token: string) => t.ctx.caches.sessions.get(sha256(token));

  it('serves a live session from memory and drops it when it is revoked in the database', async () => {
    const s = await signIn(t.app, w.users.churchB);
    expect((await get('/api/getReligion', s.headers)).statusCode).toBe(200);
    expect(cached(s.token)?.sessionId).toBeTruthy();
    await t.database.db.update(sessions).set({ revokedAt: clock }).where(eq(sessions.id, cached(s.token)!.sessionId));
    expect(cached(s.token)).toBeUndefined();
    expect((await get('/api/getReligion', s.headers)).json().code).toBe('session_expired');
  });

  it('signs out through the API: the next read is refused', async () => {
    const s = await signIn(t.app, w.users.union);
    expect((await get('/api/profile', s.headers)).statusCode).toBe(200);
    expect((await get('/api/logout', s.headers)).statusCode).toBe(200);
    expect((await get('/api/profile', s.headers)).json().code).toBe('session_expired');
  });

  it('sees a disabled user, changed grants and a chosen religion on the next read', async () => {
    const db = t.database.db;
    const mosque = await signIn(t.app, w.users.mosque);
    expect((await get('/api/profile', mosque.headers)).statusCode).toBe(200);
    await db.update(users).set({ status: 'disabled' }).where(eq(users.id, w.users.mosque.id));
    expect((await get('/api/profile', mosque.headers)).statusCode).toBe(401);

    const church = await signIn(t.app, w.users.church);
    const menu = async () => (await get(`/api/generateMenu/${w.users.church.id}`, church.headers)).json() as unknown[];
    expect((await menu()).length).toBeGreaterThan(0);
    const grants = await db.select().from(roleGroupFeatures).where(eq(roleGroupFeatures.roleGroupId, w.users.church.roleGroupId));
    await db.delete(roleGroupFeatures).where(eq(roleGroupFeatures.roleGroupId, w.users.church.roleGroupId));
    expect(JSON.stringify(await menu())).not.toContain('members');
    await db.insert(roleGroupFeatures).values(grants);
    expect(JSON.stringify(await menu())).toContain('members');

    const admin = await signIn(t.app, w.users.admin);
    expect((await get('/api/getReligion', admin.headers)).statusCode).toBe(200);
    await db.update(users).set({ activeReligionId: w.islam.id }).where(eq(users.id, w.users.admin.id));
    expect(cached(admin.token)).toBeUndefined();
    // On PostgreSQL the dedicated listener hears the same change a moment after the writing
    // connection did, and a read in flight then is not kept (it might predate the change): read
    // until the fresh row is kept — never the old religion, and within a few reads.
    for (let read = 0; read < 20 && !cached(admin.token); read++) {
      expect((await get('/api/getReligion', admin.headers)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(cached(admin.token)?.user.activeReligionId).toBe(w.islam.id);
  });

  it('forgets every session when an institution moves (its path is in the cached scope)', async () => {
    const s = await signIn(t.app, w.users.churchB);
    expect((await get('/api/profile', s.headers)).statusCode).toBe(200);
    expect(cached(s.token)).toBeDefined();
    await t.database.db.execute(sql`update institutions set path = path where id = ${w.churchB.id}`);
    expect(cached(s.token)).toBeUndefined();
  });

  it('answers a renamed religion at once', async () => {
    const s = await signIn(t.app, w.users.admin);
    const names = async () => ((await get('/api/getReligion', s.headers)).json() as { data: Array<{ value: number; text: string }> }).data;
    expect((await names()).find((r) => r.value === w.islam.id)?.text).toBe('Islam');
    await t.database.db.update(religions).set({ nameEn: 'Islam (renamed)' }).where(eq(religions.id, w.islam.id));
    expect((await names()).find((r) => r.value === w.islam.id)?.text).toBe('Islam (renamed)');
  });

  it('a search (a POST that only reads) takes the session from the cache; any other POST reads the database', async () => {
    const s = await signIn(t.app, w.users.churchB);
    const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: { ...s.headers, lang: 'en' }, payload });
    // Signed in and resolved (whatever the route then answers), but not from or into the cache.
    expect((await post('/api/smsTopUpHistory/1', {})).statusCode).not.toBe(401);
    expect(cached(s.token)).toBeUndefined();
    expect((await post('/api/searchMember/7/0', { value: 'Neema' })).statusCode).toBe(200);
    expect(cached(s.token)).toBeDefined();
  });

  it('reads the session again before calling it idle-expired (another replica may have slid it)', async () => {
    const s = await signIn(t.app, w.users.branch);
    expect((await get('/api/profile', s.headers)).statusCode).toBe(200);
    const id = cached(s.token)!.sessionId;
    // Another replica served this session 20 minutes on and slid its idle expiry (no notification).
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(clock.getTime() + 20 * MINUTE), idleExpiresAt: new Date(clock.getTime() + 50 * MINUTE) })
      .where(eq(sessions.id, id));
    expect(cached(s.token)).toBeDefined();
    clock = new Date(clock.getTime() + 40 * MINUTE);
    expect((await get('/api/profile', s.headers)).statusCode).toBe(200);
    // That read slid it again (to 30 minutes after it); past that, it is expired.
    clock = new Date(clock.getTime() + 31 * MINUTE);
    expect((await get('/api/profile', s.headers)).json().code).toBe('session_expired');
  });
});

describe('InvalidatedCache', () => {
  it('does not store a value read while an invalidation arrived (its snapshot may predate the change)', async () => {
    const cache = new InvalidatedCache<string, number>({ live: true }, { maxEntries: 10, maxAgeMs: 60_000 });
    expect(await cache.read('k', async () => {
      cache.invalidate();
      return 1;
    })).toBe(1);
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.read('k', async () => 2)).toBe(2);
    expect(cache.get('k')).toBe(2);
  });

  it('neither serves nor stores while the feed is not live', async () => {
    const feed = { live: true };
    const cache = new InvalidatedCache<string, number>(feed, { maxEntries: 10, maxAgeMs: 60_000 });
    await cache.read('k', async () => 1);
    feed.live = false;
    expect(cache.get('k')).toBeUndefined();
    await cache.read('j', async () => 2);
    feed.live = true;
    expect(cache.get('j')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest, and never a miss', async () => {
    const cache = new InvalidatedCache<string, number | undefined>({ live: true }, { maxEntries: 2, maxAgeMs: 60_000 });
    for (const key of ['a', 'b', 'c']) await cache.read(key, async () => 1);
    await cache.read('d', async () => undefined);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([undefined, 1, 1, 2]);
  });
});
