import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

// An id of ten digits does not fit PostgreSQL's integer column. The request schemas bound every id
// (recordId, recordIdText), so it is a localised 400 naming the field before any query; behind them,
// the database's refusal (SQLSTATE 22003) is still answered as a 400, never a 500 (plugins/errors.ts).
describe('ids beyond what an integer column holds', () => {
  let t: TestApp;
  let w: World;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    headers = (await signIn(t.app, w.users.church)).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/members/6972101483', '/api/pledges/6972101483', '/api/sms/campaigns/6972101483'])('GET %s answers 400 in the caller language', async (url) => {
    const sw = await t.app.inject({ method: 'GET', url, headers: { ...headers, lang: 'sw' } });
    expect(sw.statusCode, sw.body).toBe(400);
    expect(sw.json()).toMatchObject({ statusCode: 400, code: 'validation', fields: [{ path: 'id' }] });
    const en = await t.app.inject({ method: 'GET', url, headers: { ...headers, lang: 'en' } });
    expect(en.json().message).not.toBe(sw.json().message);
  });
});
