import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { collectApiRoutes, type CollectedRoute } from '../factories/routes';
import { signIn } from '../factories/sign-in';
import { createWorld } from '../factories/world';
import { arbitraryFor, breakOneField, hostileChange, type HostileChange } from './fuzz/arbitraries';
import { createTestApp, type TestApp } from './harness';

/** Fixed, so a failure reproduces; FUZZ_SEED / FUZZ_RUNS explore further from the command line. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const VALID_RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const HOSTILE_RUNS = VALID_RUNS * 3;
/** Calls whose success would end the session the rest of the run signs with. */
const ENDS_SESSION = new Set(['GET /api/logout', 'POST /api/logout']);

type Call = { method: string; url: string; payload?: string; headers: Record<string, string> };
type Role = 'anonymous' | 'admin' | 'church' | 'mosque';

/**
 * Issue 10: values drawn from every route's own zod schemas (so most requests get past validation
 * and reach the services), then hostile versions of them — wrong types, 1 MB strings, NUL and other
 * control characters, deep nesting, prototype keys — in the body, the query and the path, as every
 * role. No answer may be a 5xx: bad input is the caller's fault and says so.
 */
describe('fuzz: no route answers 5xx to generated or hostile input, for any role', () => {
  let t: TestApp;
  let routes: CollectedRoute[];
  const headersOf: Partial<Record<Role, Record<string, string>>> = { anonymous: {} };

  beforeAll(async () => {
    const collected = await collectApiRoutes(() => createTestApp({ env: { PAYMENT_RATE_PER_IP: '100000', PAYMENT_RATE_PER_PHONE: '100000' } }));
    t = collected.built;
    routes = collected.routes;
    const w = await createWorld(t.database.db);
    for (const role of ['admin', 'church', 'mosque'] as const) headersOf[role] = (await signIn(t.app, w.users[role])).headers;
  }, 120_000);
  afterAll(() => t.close());

  function callsFor(route: CollectedRoute, role: Role, seed: number): Call[] {
    const schema = (route.schema ?? {}) as { body?: ZodType; querystring?: ZodType; params?: ZodType };
    const pieces = fc.record({
      body: schema.body ? arbitraryFor(schema.body) : fc.constant(undefined),
      query: schema.querystring ? arbitraryFor(schema.querystring) : fc.constant(undefined),
      params: schema.params ? arbitraryFor(schema.params) : fc.constant(undefined),
    });
    const build = (p: { body: unknown; query: unknown; params: unknown }): Call => {
      const params = (p.params ?? {}) as Record<string, unknown>;
      const path = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(typeof params[name] === 'object' ? JSON.stringify(params[name]) : String(params[name] ?? '1')));
      const query = p.query && typeof p.query === 'object' ? new URLSearchParams(Object.entries(p.query as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString() : '';
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && p.body !== undefined;
      return {
        method: route.method,
        url: query ? `${path}?${query}` : path,
        ...(hasBody ? { payload: JSON.stringify(p.body) } : {}),
        headers: { ...headersOf[role], ...(hasBody ? { 'content-type': 'application/json' } : {}), 'idempotency-key': `fuzz-${seed}-${Math.random().toString(36).slice(2)}` },
      };
    };
    const valid = fc.sample(pieces, { numRuns: VALID_RUNS, seed }).map(build);
    const hostile = fc
      .sample(fc.tuple(pieces, hostileChange, fc.constantFrom('body', 'query', 'params'), fc.nat()), { numRuns: HOSTILE_RUNS, seed: seed + 1 })
      .map(([p, change, where, pick]) => build({ ...p, [where]: breakOneField(p[where] ?? {}, change as HostileChange, pick) }));
    return [...valid, ...hostile];
  }

  it('answers every call below 500', async () => {
    const failures: string[] = [];
    let calls = 0;
    let seed = SEED;
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      for (const role of ['anonymous', 'admin', 'church', 'mosque'] as const) {
        if (ENDS_SESSION.has(name) && role !== 'anonymous') continue;
        seed += 1;
        for (const call of callsFor(route, role, seed)) {
          calls += 1;
          // A fresh address per call: lockouts and rate limits would otherwise stop the run early.
          const res = await t.app.inject({ ...call, remoteAddress: `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}` } as never);
          if (res.statusCode >= 500) failures.push(`${name} as ${role} (seed ${seed}) → ${res.statusCode}: ${call.url.slice(0, 120)} ${String(call.payload ?? '').slice(0, 160)}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(routes.length * 3);
    console.info(`fuzz: ${calls} calls over ${routes.length} routes, ${failures.length} answered 5xx`);
    expect(failures).toEqual([]);
  }, 240_000);
});
