import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestApp, type TestApp } from './harness';

/** The built PWA served by the API process: files, the SPA fallback for page paths, and no leaks. */
describe('serving the built PWA', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sadaka-client-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Sadaka shell</title>');
    writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(root, 'assets', 'app-abc123.js'), 'console.log("app")');
    t = await createTestApp();
    app = await buildApp({ ctx: { ...t.ctx, config: { ...t.ctx.config, clientDir: root } }, serveClient: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers every page path, in both languages, with the app shell (never cached)', async () => {
    for (const url of ['/', '/members', '/en/members/42', '/requests/7?tab=bank-account']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Sadaka shell');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves built files, hashed assets for a year and the service worker never cached', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toContain('immutable');
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, not the shell, and a malformed or escaping path without a 500', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing-000.js' })).statusCode).toBe(404);
    const malformed = await app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(malformed.statusCode).toBeLessThan(500);
    const escaping = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(escaping.statusCode).toBeLessThan(500);
    expect(escaping.body).not.toContain('root:');
  });

  it('keeps API misses as JSON errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/not-a-route', headers: { lang: 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
