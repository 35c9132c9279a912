import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectApiRoutes } from '../factories/routes';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

const ROLES = ['anonymous', 'admin', 'branch', 'union', 'church', 'mosque', 'mustChange'] as const;
type Role = (typeof ROLES)[number];
type Row = { payload?: object; expect: Record<Role, number> };

/** Expected status per role, in ROLES order; mustChange = a church user who has not changed the default password. */
const s = (...codes: number[]): Record<Role, number> => Object.fromEntries(ROLES.map((role, i) => [role, codes[i]!])) as Record<Role, number>;
const everyone = (code: number) => s(...ROLES.map(() => code));
const signedInRoutes = (code: number, mustChange = 403) => s(401, code, code, code, code, code, mustChange);

/**
 * THE MATRIX. Every API route the app registers must have a row; a new route without one fails
 * this test. Requests are valid, so a status other than 401/403 means the caller got through.
 */
const MATRIX: Record<string, Row> = {
  'GET /api/health': { expect: everyone(200) },
  'GET /api/openapi.json': { expect: everyone(200) },
  'POST /api/login': { payload: { username: 'nobody', password: 'Wrong#Pass1' }, expect: everyone(401) },
  'GET /api/logout': { expect: signedInRoutes(200, 200) },
  'GET /api/profile': { expect: signedInRoutes(200, 200) },
  'POST /api/profile/password': { payload: { currentPassword: 'Wrong#Pass1', newPassword: 'Another#Pass2' }, expect: signedInRoutes(400, 400) },
  'POST /api/profile/2fa/setup': { expect: signedInRoutes(200) },
  'POST /api/profile/2fa/enable': { payload: { otp: '123456' }, expect: signedInRoutes(400) },
  'POST /api/profile/2fa/disable': { payload: { password: 'Wrong#Pass1', otp: '123456' }, expect: signedInRoutes(409) },
  'POST /api/password-reset': { payload: { username: 'nobody', channel: 'sms' }, expect: everyone(200) },
  'POST /api/password-reset/verify-code': { payload: { username: 'nobody', code: '123456' }, expect: everyone(400) },
  'GET /api/password-reset/:id': { expect: everyone(404) },
  'POST /api/password-reset/:id': { payload: { password: 'Valid#Pass12' }, expect: everyone(404) },
  'GET /api/generateMenu/:profileId': { expect: signedInRoutes(200, 200) },
  'POST /api/smsTopUpHistory/1': { payload: {}, expect: s(401, 200, 200, 200, 403, 403, 403) },
  'GET /api/getReligion': { expect: signedInRoutes(200) },
  'POST /api/setReligion': { payload: { religionId: 0 }, expect: s(401, 200, 403, 403, 403, 403, 403) },
  'GET /api/getEntityTypeCount/1': { expect: signedInRoutes(200) },
  'GET /api/getTotalPendingRegistration': { expect: s(401, 200, 200, 403, 403, 403, 403) },
  'POST /api/searchTransaction/:limit/:offset': { payload: { value: 'abc' }, expect: signedInRoutes(200) },
  'POST /api/searchMember/:limit/:offset': { payload: { value: 'abc' }, expect: signedInRoutes(200) },
  'GET /api/dashboard/summary': { expect: signedInRoutes(200) },
  'POST /api/callbacks/sms/delivery': { payload: { id: 'x', status: 'Success' }, expect: everyone(401) },
  // The demo mail outbox answers loopback callers only; the matrix calls from 10.9.x.1, so 404 for all.
  'GET /api/dev/mail-outbox': { expect: everyone(404) },
};

describe('authorization matrix: every API route × every role', () => {
  let t: TestApp;
  let routes: string[];
  let w: World;
  const users = {} as Record<Exclude<Role, 'anonymous'>, { id: number; username: string; password: string }>;
  beforeAll(async () => {
    const collected = await collectApiRoutes(() => createTestApp());
    t = collected.built;
    routes = collected.routes.map((r) => `${r.method} ${r.url}`);
    w = await createWorld(t.database.db);
    Object.assign(users, w.users, { mustChange: await createUser(t.database.db, { role: 'Church Treasurer', institutionId: w.churchA.id, forceChangePassword: true }) });
  });
  afterAll(() => t.close());

  it('found the routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('has a row for every registered route (and no stale rows)', () => {
    expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('answers each role as the matrix says', async () => {
    const actual: Record<string, Record<Role, number>> = {};
    for (const route of routes) {
      const row = MATRIX[route];
      if (!row) continue;
      const [method, pattern] = route.split(' ') as ['GET' | 'POST', string];
      actual[route] = {} as Record<Role, number>;
      for (const role of ROLES) {
        // A fresh session per call: logout and password changes must not spoil the next row.
        const user = role === 'anonymous' ? null : users[role];
        const headers = user ? (await signIn(t.app, user)).headers : {};
        const url = pattern
          .replace(':profileId', String(user?.id ?? 1))
          .replace(':limit', '7')
          .replace(':offset', '0')
          .replace(':id', 'x'.repeat(43));
        const payload = route === 'POST /api/setReligion' ? { religionId: w.christian.id } : row.payload;
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}), remoteAddress: `10.9.${ROLES.indexOf(role)}.1` });
        expect(res.statusCode, `${route} as ${role}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        actual[route][role] = res.statusCode;
      }
    }
    const expected = Object.fromEntries(routes.map((route) => [route, MATRIX[route]?.expect]));
    expect(actual).toEqual(expected);
  });
});
