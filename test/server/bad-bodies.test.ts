import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { collectApiRoutes, type CollectedRoute } from '../factories/routes';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Case = { name: string; url?: string; payload?: string; contentType?: string; expect: number[] };

const GOOD_PARAMS: Record<string, string> = { ':limit': '7', ':offset': '0', ':id': 'x'.repeat(43), ':profileId': '1' };
const BAD_PARAMS: Record<string, string[]> = {
  ':limit': ['abc', '-1', '1000', '1.5'],
  ':offset': ['abc', '-1', '99999999999'],
  ':id': ['short', 'y'.repeat(15)],
  ':profileId': ['abc', '0', '-4', '2147483648'],
  // A statement link's token (ADR 064): any text is an unknown link's page, but control characters are refused first.
  ':token': ['nul\u0000byte', 'bell\u0007'],
};

function fill(url: string, overrides: Record<string, string> = {}): string {
  return url.replace(/:[A-Za-z]+/g, (name) => encodeURIComponent(overrides[name] ?? GOOD_PARAMS[name] ?? '1'));
}

/** Keys of a z.object body, to build wrong-typed and oversized versions of every field. */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  const options = (schema as { options?: unknown[] }).options; // unions (e.g. body or null)
  return options ? options.flatMap(keysOf) : [];
}

function casesFor(route: CollectedRoute): Case[] {
  const cases: Case[] = [];
  const body = route.schema?.body as ZodType | undefined;
  if (body) {
    const keys = keysOf(body);
    const json = (value: unknown) => JSON.stringify(value);
    const accepts = (value: unknown) => body.safeParse(value).success;
    // Far over any field's maximum, yet all fields together stay under the 1 MiB body limit (that is its own case).
    const huge = 'x'.repeat(Math.min(100_000, Math.floor(900_000 / Math.max(1, keys.length))));
    for (const [name, value] of [
      ['array body', []],
      ['string body', 'hello'],
      ['number body', 42],
      ['missing fields', {}],
      ['wrong types', Object.fromEntries(keys.map((k) => [k, { nested: [1, 2] }]))],
      ['huge strings', Object.fromEntries(keys.map((k) => [k, huge]))],
    ] as const) {
      if (!accepts(value)) cases.push({ name, payload: json(value), contentType: 'application/json', expect: [400] });
    }
    cases.push({ name: 'broken JSON', payload: '{"value": ', contentType: 'application/json', expect: [400] });
    cases.push({ name: 'text/plain', payload: 'value=abc', contentType: 'text/plain', expect: [415] });
    cases.push({ name: 'xml', payload: '<value>abc</value>', contentType: 'application/xml', expect: [415] });
    cases.push({ name: 'over the body limit', payload: JSON.stringify({ value: 'x'.repeat(1_200_000) }), contentType: 'application/json', expect: [413] });
  }
  for (const [param, values] of Object.entries(BAD_PARAMS)) {
    if (!route.url.includes(param)) continue;
    for (const value of values) cases.push({ name: `${param}=${value}`, url: fill(route.url, { [param]: value }), payload: route.method === 'POST' ? '{"value":"abcd"}' : undefined, contentType: 'application/json', expect: [400] });
  }
  return cases;
}

describe('malformed input never reaches a handler and never answers 500', () => {
  let t: TestApp;
  let routes: CollectedRoute[];
  let headers: Record<string, string>;
  let treasurerHeaders: Record<string, string>;
  let mosqueHeaders: Record<string, string>;
  let unionHeaders: Record<string, string>;
  beforeAll(async () => {
    const collected = await collectApiRoutes(() => createTestApp());
    t = collected.built;
    routes = collected.routes;
    const admin = await createUser(t.database.db);
    headers = (await signIn(t.app, admin)).headers;
    // Some routes are a church's own (the offline desk's sync): the bank admin is refused there
    // before validation, so their malformed input is sent as the church treasurer instead.
    const world = await createWorld(t.database.db);
    treasurerHeaders = (await signIn(t.app, world.users.church)).headers;
    // A congregation's deletions (zones…) are granted to the mosque administrator, not the treasurer.
    mosqueHeaders = (await signIn(t.app, world.users.mosque)).headers;
    // Institution custom values are edited by the union level alone (structure: update).
    unionHeaders = (await signIn(t.app, world.users.union)).headers;
  });
  afterAll(() => t.close());

  it('covers every route that takes a body or parameters', () => {
    const withInput = routes.filter((r) => r.schema?.body || r.url.includes(':'));
    expect(withInput.length).toBeGreaterThanOrEqual(10);
    for (const route of withInput) expect(casesFor(route).length, `${route.method} ${route.url}`).toBeGreaterThan(0);
  });

  it('answers 400/413/415 with a localised {statusCode, code, message}', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const c of casesFor(route)) {
        for (const lang of ['en', 'sw']) {
          const send = (as: Record<string, string>) =>
            t.app.inject({
              method: route.method as 'GET' | 'POST',
              url: c.url ?? fill(route.url),
              headers: { ...as, lang, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
              ...(c.payload !== undefined && route.method !== 'GET' ? { payload: c.payload } : {}),
              remoteAddress: '10.8.0.1',
            });
          const asAdmin = await send(headers);
          const asTreasurer = asAdmin.statusCode === 403 ? await send(treasurerHeaders) : asAdmin;
          const asMosque = asTreasurer.statusCode === 403 ? await send(mosqueHeaders) : asTreasurer;
          const res = asMosque.statusCode === 403 ? await send(unionHeaders) : asMosque;
          const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null;
          const ok = c.expect.includes(res.statusCode) && body?.statusCode === res.statusCode && typeof body.code === 'string' && typeof body.message === 'string' && body.message.length > 0;
          if (!ok) failures.push(`${route.method} ${route.url} [${c.name}, ${lang}] → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000); // every route × cases × two languages × up to three identities: minutes on a loaded PostgreSQL

  // Fastify's router answers parameters over 100 characters itself (414, English, its own shape)
  // unless app.ts sets the `frameworkErrors` option. Reported to the lead; this flips when fixed.
  it('answers an over-long path parameter with a localised body', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/password-reset/${'y'.repeat(200)}`, headers: { lang: 'sw' } });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ statusCode: res.statusCode, message: 'Ombi si sahihi.' });
  });

  it('speaks the caller’s language', async () => {
    const ask = (lang: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', headers: { lang, 'content-type': 'text/plain' }, payload: 'hello' });
    const [en, sw] = [(await ask('en')).json(), (await ask('sw')).json()];
    expect(en).toEqual({ statusCode: 415, code: 'unsupported_media_type', message: 'Only JSON requests are accepted.' });
    expect(sw.message).not.toBe(en.message);
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', headers: { lang: 'en' }, payload: {} });
    expect(missing.json()).toMatchObject({ statusCode: 400, code: 'validation', message: 'Email or username can not be empty' });
  });

  it('refuses JSON that tries prototype poisoning, before any handler sees it', async () => {
    for (const payload of ['{"__proto__":{"admin":true},"username":"a","password":"b"}', '{"constructor":{"prototype":{"admin":true}},"username":"a","password":"b"}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json', lang: 'en' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'invalid_json', message: 'The request is not valid.' });
    }
  });
});
