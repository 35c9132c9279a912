import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../factories/sign-in';
import { createUser, type User } from '../factories/users';
import { createTestApp, type TestApp } from './harness';

const MINUTE = 60_000;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('password reset by SMS code and by email link', () => {
  let t: TestApp;
  let clock = new Date('2026-03-02T08:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: { PUBLIC_URL: 'https://portal.sadaka.example' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip = '10.2.0.1') => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { lang: 'en' } });
  const requestSms = (u: { username: string }) => post('/api/password-reset', { username: u.username, channel: 'sms' });
  const verify = (u: User, code: string, ip?: string) => post('/api/password-reset/verify-code', { username: u.username, code }, ip);
  const wrongCode = (code: string) => (code === '000000' ? '000001' : '000000');

  it('resets by SMS: code from the phone → reset id → new password; single use; sessions revoked', async () => {
    const u = await createUser(t.database.db);
    const old = await signIn(t.app, u);
    const res = await requestSms(u);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'If the account exists, we have sent instructions to its registered phone or email.' });
    // Read the code as the phone would: from the Africa's Talking simulator's inbox.
    const code = await t.lastSmsCode(u.phone!);
    const verified = await verify(u, code);
    expect(verified.statusCode).toBe(200);
    const { resetId } = verified.json();
    expect((await verify(u, code)).json().code).toBe('code_invalid'); // single use

    expect((await t.app.inject({ method: 'GET', url: `/api/password-reset/${resetId}` })).json()).toEqual({ valid: true, needsOtp: false });
    const done = await post(`/api/password-reset/${resetId}`, { password: 'Reset#Pass22' });
    expect(done.statusCode).toBe(200);
    expect((await post(`/api/password-reset/${resetId}`, { password: 'Reset#Pass33' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/password-reset/${resetId}` })).json().code).toBe('reset_invalid');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: old.headers })).statusCode).toBe(401);
    await signIn(t.app, { username: u.username, password: 'Reset#Pass22' });
  });

  it('answers unknown accounts exactly like known ones and sends nothing', async () => {
    const res = await requestSms({ username: 'no-such-user' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('If the account exists');
  });

  it('kills the code after 5 wrong tries, answering exactly as for an unknown account', async () => {
    const u = await createUser(t.database.db);
    await requestSms(u);
    const code = await t.lastSmsCode(u.phone!);
    for (let i = 0; i < 6; i++) {
      const real = await verify(u, wrongCode(code), '10.2.1.1');
      const unknown = await verify({ ...u, username: 'no-such-user' }, wrongCode(code), '10.2.1.2');
      expect(real.statusCode).toBe(unknown.statusCode);
      expect(real.json()).toEqual(unknown.json());
      expect(real.json().code).toBe('code_invalid');
    }
    expect((await verify(u, code, '10.2.1.1')).json().code).toBe('code_invalid');
  });

  // Issue 10, security item 5: the request only queues; the look-up and the send run in a job.
  it('does the same work for real and unknown accounts: nothing is looked up or sent before the job runs', async () => {
    await t.runJobs();
    const u = await createUser(t.database.db);
    const real = await post('/api/password-reset', { username: u.email, channel: 'email' });
    const unknown = await post('/api/password-reset', { username: 'nobody@sadaka.example', channel: 'email' });
    expect(real.statusCode).toBe(unknown.statusCode);
    expect(real.json()).toEqual(unknown.json());
    const codes = await t.database.raw.query('select count(*)::int as n from one_time_codes where user_id = $1', [u.id]);
    expect(codes.rows[0]!.n).toBe(0);
    expect(await t.mailOutbox(u.email!)).toHaveLength(1);
    expect(await t.mailOutbox('nobody@sadaka.example')).toHaveLength(0);
  });

  it('compares at most 5 codes of a parallel burst (the attempt is claimed before the comparison)', async () => {
    const u = await createUser(t.database.db);
    await requestSms(u);
    const code = await t.lastSmsCode(u.phone!);
    const burst = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => verify(u, wrongCode(code), `10.2.9.${i + 1}`)),
      verify(u, code, '10.2.9.98'),
    ]);
    expect(burst.every((res) => res.json().code === 'code_invalid')).toBe(true);
    const attempts = await t.database.raw.query("select attempts from one_time_codes where user_id = $1 and purpose = 'reset-sms'", [u.id]);
    expect(attempts.rows[0]!.attempts).toBe(5);
    expect((await verify(u, code, '10.2.9.99')).json().code).toBe('code_invalid');
  });

  it('expires the SMS code after 10 minutes', async () => {
    const u = await createUser(t.database.db);
    await requestSms(u);
    const code = await t.lastSmsCode(u.phone!);
    clock = new Date(clock.getTime() + 11 * MINUTE);
    expect((await verify(u, code, '10.2.2.1')).json().code).toBe('code_invalid');
  });

  it('resets by email link (public URL), valid 30 minutes, and lifts the account lock', async () => {
    const u = await createUser(t.database.db);
    for (let i = 0; i < 5; i++) await post('/api/login', { username: u.username, password: 'Wrong#Pass1' }, '10.2.3.1');
    expect((await post('/api/login', { username: u.username, password: u.password }, '10.2.3.2')).statusCode).toBe(423);

    expect((await post('/api/password-reset', { username: u.email, channel: 'email' })).statusCode).toBe(200);
    const [mail] = await t.mailOutbox(u.email!);
    expect(mail?.subject).toBe('Reset your Sadaka password');
    const link = mail?.text.match(/https:\/\/portal\.sadaka\.example\/en\/reset\/([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    const resetId = link![1]!;
    expect((await post(`/api/password-reset/${resetId}`, { password: 'Mail#Reset22' })).statusCode).toBe(200);
    expect((await post('/api/login', { username: u.username, password: 'Mail#Reset22' }, '10.2.3.2')).statusCode).toBe(200);
  });

  it('expires the email link after 30 minutes', async () => {
    const u = await createUser(t.database.db);
    await post('/api/password-reset', { username: u.username, channel: 'email' });
    const [mail] = await t.mailOutbox(u.email!);
    const resetId = mail!.text.match(/\/reset\/([A-Za-z0-9_-]+)/)![1]!;
    clock = new Date(clock.getTime() + 31 * MINUTE);
    expect((await t.app.inject({ method: 'GET', url: `/api/password-reset/${resetId}` })).statusCode).toBe(404);
  });

  it('never bypasses 2FA', async () => {
    const u = await createUser(t.database.db, { totpEnabled: true, totpSecret: SECRET });
    await post('/api/password-reset', { username: u.username, channel: 'email' });
    const [mail] = await t.mailOutbox(u.email!);
    const resetId = mail!.text.match(/\/reset\/([A-Za-z0-9_-]+)/)![1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/password-reset/${resetId}` })).json()).toEqual({ valid: true, needsOtp: true });
    expect((await post(`/api/password-reset/${resetId}`, { password: 'Totp#Reset22' })).json().code).toBe('otp_required');
    const otp = await generate({ secret: SECRET, epoch: Math.floor(clock.getTime() / 1000) });
    expect((await post(`/api/password-reset/${resetId}`, { password: 'Totp#Reset22', otp: wrongCode(otp) })).json().code).toBe('otp_invalid');
    expect((await post(`/api/password-reset/${resetId}`, { password: 'Totp#Reset22', otp })).statusCode).toBe(200);
  });

  it('still applies the password policy', async () => {
    const u = await createUser(t.database.db);
    await post('/api/password-reset', { username: u.username, channel: 'email' });
    const [mail] = await t.mailOutbox(u.email!);
    const resetId = mail!.text.match(/\/reset\/([A-Za-z0-9_-]+)/)![1]!;
    const res = await post(`/api/password-reset/${resetId}`, { password: 'password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
  });
});
