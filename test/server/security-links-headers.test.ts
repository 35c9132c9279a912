import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from './harness';

// Issue 10, security items 1 and 8: reset links from configuration only; API answers never cached.
describe('links from configuration and no-store API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // PUBLIC_URL unset: the demo's links point where we listen.
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('builds the reset link from the listening address, never from a forged Host or X-Forwarded-Host', async () => {
    const u = await createUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { username: u.username, channel: 'email' },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', lang: 'en' },
    });
    expect(res.statusCode).toBe(200);
    await t.runJobs();
    const [mail] = await t.mailOutbox(u.email!);
    expect(mail?.text).not.toContain('evil.example');
    expect(mail?.text).toContain(`${t.baseUrl}/en/reset/`);
  });

  it('refuses to start in production mode without PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://sadaka.example' }).publicUrl).toBe('https://sadaka.example');
  });

  it('answers every API call with Cache-Control: no-store (public, signed in, errors)', async () => {
    const u = await createUser(t.database.db);
    const session = await signIn(t.app, u);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/profile', headers: session.headers }),
      t.app.inject({ method: 'GET', url: '/api/profile' }),
      t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      t.app.inject({ method: 'POST', url: '/api/password-reset', payload: {} }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});
