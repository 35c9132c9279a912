import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from './harness';

describe('two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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

    const otp = await generate({ secret });
    const wrong = otp === '000000' ? '000001' : '000000';
    expect((await call('/api/profile/2fa/enable', { otp: wrong })).json().code).toBe('otp_invalid');
    const enabled = await call('/api/profile/2fa/enable', { otp });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().twoFactorEnabled).toBe(true);
    expect((await call('/api/profile/2fa/setup')).statusCode).toBe(409);

    const noCode = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.username, password: u.password } });
    expect(noCode.json().code).toBe('otp_required');
    await signIn(t.app, u, { otp: await generate({ secret }) });

    expect((await call('/api/profile/2fa/disable', { password: 'Wrong#Pass1', otp })).json().code).toBe('wrong_password');
    expect((await call('/api/profile/2fa/disable', { password: u.password, otp: wrong })).json().code).toBe('otp_invalid');
    const disabled = await call('/api/profile/2fa/disable', { password: u.password, otp: await generate({ secret }) });
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
