import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from './harness';

describe('two-factor authentication', () => {
  let t: TestApp;
  // A clock the test moves on by one 30-second TOTP step whenever it needs a fresh code.
  let clock = Date.parse('2026-11-21T08:00:00Z');
  const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock / 1000) });
  const nextStep = () => {
    clock += 30_000;
  };
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  it('sets up, enables, demands the code at sign-in, and disables with both factors', async () => {
    const u = await createUser(t.database.db);
    const s = await signIn(t.app, u);
    const call = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: s.headers, ...(payload ? { payload } : {}) });

    const setup = await call('/api/profile/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.json();
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=Sadaka');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const otp = await codeNow(secret);
    const wrong = otp === '000000' ? '000001' : '000000';
    expect((await call('/api/profile/2fa/enable', { otp: wrong })).json().code).toBe('otp_invalid');
    const enabled = await call('/api/profile/2fa/enable', { otp });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().twoFactorEnabled).toBe(true);
    expect((await call('/api/profile/2fa/setup')).statusCode).toBe(409);

    const noCode = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.username, password: u.password } });
    expect(noCode.json().code).toBe('otp_required');
    // The code that enabled 2FA is spent; the next step's code signs in, once.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.username, password: u.password, otp } })).json().code).toBe('otp_invalid');
    nextStep();
    const fresh = await codeNow(secret);
    await signIn(t.app, u, { otp: fresh });
    const replay = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.username, password: u.password, otp: fresh } });
    expect(replay.json().code).toBe('otp_invalid');
    nextStep();

    expect((await call('/api/profile/2fa/disable', { password: 'Wrong#Pass1', otp })).json().code).toBe('wrong_password');
    expect((await call('/api/profile/2fa/disable', { password: u.password, otp: wrong })).json().code).toBe('otp_invalid');
    const disabled = await call('/api/profile/2fa/disable', { password: u.password, otp: await codeNow(secret) });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().twoFactorEnabled).toBe(false);
    await signIn(t.app, u);
  });

  it('refuses enabling before setup', async () => {
    const u = await createUser(t.database.db);
    const s = await signIn(t.app, u);
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/2fa/enable', headers: s.headers, payload: { otp: '123456' } });
    expect(res.statusCode).toBe(409);
  });
});
