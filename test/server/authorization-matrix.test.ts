import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectApiRoutes } from '../factories/routes';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld } from '../factories/world';
import { createTestApp, type TestApp } from './harness';
import { MATRIX_AREAS } from './matrix/areas';
import { type MatrixContext, ROLES, type Role, type Row } from './matrix/matrix-kit';

/**
 * THE MATRIX. Every API route the app registers must have a row (in one of the area files under
 * ./matrix); a new route without one fails this test, and so does a row for a route that is gone.
 */
const MATRIX: Record<string, Row> = {};
for (const area of MATRIX_AREAS) {
  for (const [route, row] of Object.entries(area.rows)) {
    if (route in MATRIX) throw new Error(`matrix row ${route} appears twice (area ${area.name})`);
    MATRIX[route] = row;
  }
}

/** Calls after which the caller's session is gone; the next call signs in again. */
const ENDS_SESSION = new Set(['GET /api/logout']);

describe('authorization matrix: every API route × every role', () => {
  let t: TestApp;
  let routes: string[];
  let ctx: MatrixContext;
  const users = {} as Record<Exclude<Role, 'anonymous'>, { id: number; username: string; password: string }>;
  beforeAll(async () => {
    const collected = await collectApiRoutes(() => createTestApp());
    t = collected.built;
    routes = collected.routes.map((r) => `${r.method} ${r.url}`);
    const w = await createWorld(t.database.db);
    Object.assign(users, w.users, { mustChange: await createUser(t.database.db, { role: 'Church Treasurer', institutionId: w.churchA.id, forceChangePassword: true }) });
    ctx = { t, w, data: {} };
    for (const area of MATRIX_AREAS) await area.setup?.(ctx);
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
    // One session per role, signed in again only after a call that ends it (argon2 sign-ins are slow).
    const sessions = new Map<Role, Record<string, string>>();
    const headersOf = async (role: Role) => {
      if (role === 'anonymous') return {};
      const cached = sessions.get(role);
      if (cached) return cached;
      const fresh = (await signIn(t.app, users[role])).headers;
      sessions.set(role, fresh);
      return fresh;
    };
    for (const route of routes) {
      const row = MATRIX[route];
      if (!row) continue;
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      actual[route] = {} as Record<Role, number>;
      for (const role of ROLES) {
        const user = role === 'anonymous' ? null : users[role];
        const headers = { ...(await headersOf(role)), ...row.headers?.() };
        const url =
          (typeof row.url === 'function' ? row.url(ctx) : row.url) ??
          pattern
            .replace(':profileId', String(user?.id ?? 1))
            .replace(':limit', '7')
            .replace(':offset', '0')
            .replace(':id', 'x'.repeat(43));
        const payload = typeof row.payload === 'function' ? row.payload(ctx) : row.payload;
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}), remoteAddress: `10.9.${ROLES.indexOf(role)}.1` });
        expect(res.statusCode, `${route} as ${role}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        actual[route][role] = res.statusCode;
        if (ENDS_SESSION.has(route)) sessions.delete(role);
      }
    }
    const expected = Object.fromEntries(routes.map((route) => [route, MATRIX[route]?.expect]));
    expect(actual).toEqual(expected);
  }, 300_000);
});
