import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, sessions } from '../../server/db/schema/auth';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('POST /api/login', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
  });
  afterAll(() => t.close());

  const login = (payload: object, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload, headers, remoteAddress: ip });

  it('signs in an entity user by username and answers the spec profile in the request language', async () => {
    const u = w.users.church;
    const res = await login({ username: u.username, password: u.password }, { lang: 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.profile).toMatchObject({
      id: u.id,
      username: u.username,
      level: 'church',
      entity: 'Mwenge Church',
      entityId: w.churchA.id,
      entityCode: w.churchA.code,
      timeZone: 'Africa/Dar_es_Salaam',
      religionId: w.christian.id,
      religion: 'Christianity',
      religionNames: { en: 'Christianity', sw: 'Ukristo' },
      branch: null,
      force_change_password: false,
      twoFactorEnabled: false,
    });
    expect(body.profile.permissions).toContainEqual({ name: 'members', permissions: 'view,create,update,export' });
    const sw = await login({ username: u.username, password: u.password }, { lang: 'sw' });
    expect(sw.json().profile.religion).toBe('Ukristo');
  });

  it('accepts the email address, case-insensitively, and gives bank staff a null level', async () => {
    const u = w.users.branch;
    const res = await login({ username: u.email!.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ level: null, branch: w.branch.id, branchName: w.branch.name, entity: null, timeZone: null });
  });

  it('records a new session each time with address, device, agent and app version, storing only the token hash', async () => {
    const u = w.users.union;
    const headers = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148', 'x-app-version': '1.10.40' };
    const first = (await login({ username: u.username, password: u.password }, headers, '10.0.0.9')).json();
    const second = (await login({ username: u.username, password: u.password }, headers, '10.0.0.9')).json();
    expect(first.token).not.toBe(second.token);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ipAddress: '10.0.0.9', deviceType: 'mobile', appVersion: '1.10.40' });
    expect(rows[0]!.browserAgent).toContain('iPhone');
    expect(rows.map((r) => r.tokenHash)).not.toContain(first.token);
  });

  it('refuses a wrong password and an unknown user with the same localised 401', async () => {
    const wrong = await login({ username: w.users.admin.username, password: 'Nope#1234' }, { lang: 'en' }, '10.0.0.2');
    const unknown = await login({ username: 'nobody-here', password: 'Nope#1234' }, { lang: 'en' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ statusCode: 401, code: 'invalid_credentials', message: 'Wrong username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a disabled account only after the right password', async () => {
    const u = await createUser(t.database.db, { status: 'disabled' });
    expect((await login({ username: u.username, password: 'Wrong#1234' }, {}, '10.0.0.3')).json().code).toBe('invalid_credentials');
    const res = await login({ username: u.username, password: u.password }, {}, '10.0.0.3');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_disabled');
  });

  it('asks for the authenticator code when 2FA is on, and refuses a wrong one', async () => {
    const u = await createUser(t.database.db, { totpEnabled: true, totpSecret: SECRET });
    const missing = await login({ username: u.username, password: u.password }, {}, '10.0.0.4');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('otp_required');
    const good = await generate({ secret: SECRET });
    const bad = good === '000000' ? '111111' : '000000';
    const wrong = await login({ username: u.username, password: u.password, otp: bad }, {}, '10.0.0.4');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('otp_invalid');
    const ok = await login({ username: u.username, password: u.password, otp: good }, {}, '10.0.0.4');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile.twoFactorEnabled).toBe(true);
  });

  it('logs sign-ins and failures without the password', async () => {
    const u = await createUser(t.database.db);
    await login({ username: u.username, password: 'Secret#Guess9' }, {}, '10.0.0.5');
    await login({ username: u.username, password: u.password }, {}, '10.0.0.5');
    const rows = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, u.id));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.login_failed', 'auth.login']));
    expect(rows.every((r) => r.ipAddress === '10.0.0.5')).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Secret#Guess9');
    expect(text).not.toContain(u.password);
  });
});
