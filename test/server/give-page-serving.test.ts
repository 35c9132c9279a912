import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestApp, type TestApp } from './harness';

/** The giving page is its own entry: /give-offerings and /en/give-offerings get its pre-rendered HTML, never the admin shell. */
describe('serving the giving page', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let root: string;
  const script = `console.log(${JSON.stringify('giving '.repeat(400))})`;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sadaka-give-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Admin shell</title>');
    writeFileSync(join(root, 'give.html'), '<!doctype html><html lang="sw"><title>Toa sadaka</title>');
    writeFileSync(join(root, 'give-en.html'), '<!doctype html><html lang="en"><title>Give an offering</title>');
    writeFileSync(join(root, 'give.webmanifest'), '{"start_url":"/give-offerings"}');
    writeFileSync(join(root, 'assets', 'give-abc123.js'), script);
    writeFileSync(join(root, 'assets', 'give-abc123.js.gz'), gzipSync(script));
    t = await createTestApp();
    app = await buildApp({ ctx: { ...t.ctx, config: { ...t.ctx.config, clientDir: root } }, serveClient: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers /give-offerings in Swahili and /en/give-offerings in English, never cached', async () => {
    for (const [url, title] of [
      ['/give-offerings', 'Toa sadaka'],
      ['/give-offerings?payment=0190a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b', 'Toa sadaka'],
      ['/en/give-offerings', 'Give an offering'],
      ['/en/give-offerings/', 'Give an offering'],
    ]) {
      const res = await app.inject({ method: 'GET', url: url! });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(title);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('gives someone whose language cookie says English the English page at the Swahili address', async () => {
    const res = await app.inject({ method: 'GET', url: '/give-offerings', headers: { cookie: 'theme=x; lang=en' } });
    expect(res.body).toContain('Give an offering');
    const swahili = await app.inject({ method: 'GET', url: '/give-offerings', headers: { cookie: 'lang=sw' } });
    expect(swahili.body).toContain('Toa sadaka');
  });

  it('keeps the admin shell for every other page and its own manifest uncached', async () => {
    const admin = await app.inject({ method: 'GET', url: '/give-offerings-history' });
    expect(admin.body).toContain('Admin shell');
    const manifest = await app.inject({ method: 'GET', url: '/give.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy the build wrote to a browser that accepts it, and the plain file otherwise', async () => {
    const compressed = await app.inject({ method: 'GET', url: '/assets/give-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(String(compressed.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(script.length / 4);
    const plain = await app.inject({ method: 'GET', url: '/assets/give-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
