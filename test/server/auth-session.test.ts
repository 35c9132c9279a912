import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema/auth';
import { users } from '../../server/db/schema/users';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from './harness';

const MINUTE = 60_000;

describe('sessions: logout, expiry, forced password change', () => {
  let t: TestApp;
  let clock = new Date('2026-03-02T08:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const profile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { ...headers, lang: 'en' } });

  it('answers 401 unauthenticated without a token or with an unknown one', async () => {
    expect((await profile({})).json()).toMatchObject({ statusCode: 401, code: 'unauthenticated', message: 'Please sign in to continue.' });
    expect((await profile({ authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).json().code).toBe('unauthenticated');
    expect((await profile({ authorization: 'Basic Zm9vOmJhcg==' })).statusCode).toBe(401);
  });

  it('logout revokes the session on the server', async () => {
    const u = await createUser(t.database.db);
    const s = await signIn(t.app, u);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { ...s.headers, lang: 'en' } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'You have signed out' });
    const after = await profile(s.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_expired');
  });

  it('expires after the idle timeout, and activity slides it', async () => {
    const u = await createUser(t.database.db);
    const s = await signIn(t.app, u);
    advance(20 * MINUTE);
    expect((await profile(s.headers)).statusCode).toBe(200);
    advance(20 * MINUTE); // 40 min after sign-in, 20 after last use
    expect((await profile(s.headers)).statusCode).toBe(200);
    advance(31 * MINUTE);
    expect((await profile(s.headers)).json().code).toBe('session_expired');
  });

  it('writes lastSeenAt at most once a minute', async () => {
    const u = await createUser(t.database.db);
    const s = await signIn(t.app, u);
    const [before] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    advance(30_000);
    await profile(s.headers);
    const [same] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(same!.lastSeenAt.getTime()).toBe(before!.lastSeenAt.getTime());
    advance(31_000);
    await profile(s.headers);
    const [moved] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(moved!.lastSeenAt.getTime()).toBe(clock.getTime());
  });

  it('expires at the absolute limit however active the user is', async () => {
    const u = await createUser(t.database.db);
    const s = await signIn(t.app, u);
    for (let i = 0; i < 35; i++) {
      advance(20 * MINUTE); // 11 h 40 min in all
      expect((await profile(s.headers)).statusCode).toBe(200);
    }
    advance(21 * MINUTE);
    expect((await profile(s.headers)).json().code).toBe('session_expired');
  });

  it('"remember me" keeps the session for days', async () => {
    const u = await createUser(t.database.db);
    const s = await signIn(t.app, u, { remember: true });
    advance(3 * 24 * 60 * MINUTE);
    expect((await profile(s.headers)).statusCode).toBe(200);
  });

  it('ends the sessions of a disabled user', async () => {
    const u = await createUser(t.database.db);
    const s = await signIn(t.app, u);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, u.id));
    expect((await profile(s.headers)).json().code).toBe('session_expired');
  });

  it('blocks "user" routes until the default password is changed, then signs out the other sessions', async () => {
    const u = await createUser(t.database.db, { forceChangePassword: true });
    const s = await signIn(t.app, u);
    const other = await signIn(t.app, u);
    expect(s.profile).toMatchObject({ force_change_password: true });
    const blocked = await t.app.inject({ method: 'GET', url: '/api/getReligion', headers: { ...s.headers, lang: 'en' } });
    // The menu still answers, so the shell can show it behind the overlay (spec section 4).
    expect((await t.app.inject({ method: 'GET', url: `/api/generateMenu/${u.id}`, headers: s.headers })).statusCode).toBe(200);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'must_change_password', message: 'Change your password before continuing.' });
    expect((await profile(s.headers)).statusCode).toBe(200);

    const change = (body: object) => t.app.inject({ method: 'POST', url: '/api/profile/password', headers: { ...s.headers, lang: 'en' }, payload: body });
    expect((await change({ currentPassword: 'Wrong#Pass1', newPassword: 'Brand#New22' })).json().code).toBe('wrong_password');
    expect((await change({ currentPassword: u.password, newPassword: u.password })).json().code).toBe('same_password');
    const weak = await change({ currentPassword: u.password, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields[0].message).toContain('at least 8 characters');
    const ok = await change({ currentPassword: u.password, newPassword: 'Brand#New22' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: u.id, force_change_password: false });

    expect((await t.app.inject({ method: 'GET', url: '/api/getReligion', headers: s.headers })).statusCode).toBe(200);
    expect((await profile(s.headers)).json().force_change_password).toBe(false);
    expect((await profile(other.headers)).json().code).toBe('session_expired');
    await signIn(t.app, { username: u.username, password: 'Brand#New22' });
  });
});
