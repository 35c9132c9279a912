import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { OpenApiConformance } from './openapi-conformance';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

type LintProblem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: Array<{ pointer?: string }> };
type Operation = { operationId?: string; summary?: string; tags?: string[]; security?: unknown[]; parameters?: Array<{ $ref?: string }>; responses: Record<string, { $ref?: string }> };

/** The published document, as an integrator fetches it, checked by Redocly's linter (offline) and by what issue 10 asks of every operation. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: { info: { description: string }; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('passes `redocly lint` (recommended rules) with no errors and no warnings', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const result = await run(process.execPath, [path.join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=json', '--max-problems=1000'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 20 * 1024 * 1024,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
      const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives every operation an id, summary, tags, security, the Lang header and its error answers', () => {
    const operations = Object.entries(document.paths).flatMap(([url, item]) => Object.entries(item).map(([method, op]) => ({ name: `${method} ${url}`, op })));
    expect(operations.length).toBeGreaterThan(90);
    for (const { name, op } of operations) {
      expect.soft(op.operationId, name).toBeTruthy();
      expect.soft(op.summary, name).toBeTruthy();
      expect.soft(op.tags?.length, name).toBeGreaterThan(0);
      expect.soft(op.security, name).toBeDefined();
      expect.soft(op.parameters?.some((p) => p.$ref === '#/components/parameters/Lang'), name).toBe(true);
      for (const status of ['400', '401', '429', '503']) expect.soft(op.responses[status], `${name} ${status}`).toBeDefined();
      if (op.security?.length) expect.soft(op.responses['403'], `${name} 403`).toBeDefined();
    }
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(operations.length);
  });

  it('requires the Idempotency-Key on payments and describes the sync entries in full', () => {
    const pay = document.paths['/api/payments']?.post;
    expect(pay?.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(document.components.parameters?.IdempotencyKey).toMatchObject({ required: true, in: 'header', name: 'idempotency-key' });
    for (const [url, key, field] of [
      ['/api/cash-receipts/sync', 'receipts', 'lines'],
      ['/api/members/sync', 'members', 'phone'],
      ['/api/receipt-batches/sync', 'batches', 'serviceDate'],
    ] as const) {
      const body = (document.paths[url]?.post as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, { items: { properties: Record<string, unknown> } }> } }> } }).requestBody;
      expect(body.content['application/json']?.schema.properties[key]?.items.properties, url).toHaveProperty(field);
    }
  });

  it('describes every amount as integer minor units and every phone as E.164', () => {
    const found = { amount: [] as string[], phone: [] as string[] };
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const properties = (node as { properties?: Record<string, { type?: string; description?: string }> }).properties;
      for (const [name, property] of Object.entries(properties ?? {})) {
        if (name === 'amount' && property.type === 'integer') found.amount.push(property.description ?? '');
        if (name === 'phone' && property.type === 'string') found.phone.push(property.description ?? '');
      }
      Object.values(node).forEach(walk);
    };
    walk(document.paths);
    expect(found.amount.length).toBeGreaterThan(5);
    expect(found.phone.length).toBeGreaterThan(5);
    for (const text of found.amount) expect.soft(text).toContain('minor units');
    for (const text of found.phone) expect.soft(text).toContain('E.164');
  });

  // An integrator starts from the description: every operation it names must exist, and every
  // public rate limit must be listed (the statement-link limit was missing, and sign-in was called
  // `POST /api/session`, a path that never existed).
  it('names in its description only operations that exist, and lists the public rate limits', () => {
    const description = document.info.description;
    const named = [...description.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`\s]*)`/g)].map(([, method, url]) => `${method!.toLowerCase()} ${url!}`);
    expect(named.length).toBeGreaterThan(1);
    for (const name of named) {
      const [method, url] = name.split(' ') as [string, string];
      expect.soft(document.paths[url]?.[method], name).toBeDefined();
    }
    expect(description).toMatch(/statement link/i);
  });

  it('says that nullable enums accept null', () => {
    const text = JSON.stringify(document);
    const nullableEnums = text.match(/"nullable":true,"type":"string","enum":\[[^\]]*\]/g) ?? [];
    expect(nullableEnums.length).toBeGreaterThan(0);
    for (const found of nullableEnums) expect(found).toContain('null');
  });

  it('has a conformance check that catches answers outside the document (the harness runs it on every server test)', () => {
    const conformance = new OpenApiConformance(document as never);
    conformance.check('GET', '/api/health', 200, 'application/json', JSON.stringify({ status: 'ok', database: 'pglite' }));
    conformance.check('GET', '/api/health', 200, 'application/json', JSON.stringify({ status: 'fine' }));
    conformance.check('GET', '/api/health', 418, 'application/json', '{}');
    conformance.check('POST', '/api/login', 400, 'application/json', JSON.stringify({ statusCode: 400, message: 'no code' }));
    conformance.check('GET', '/api/transactions/export', 200, 'text/html', '<p>');
    conformance.check('GET', '/not-in-the-document', 500, 'text/plain', 'x');
    expect(conformance.checked).toHaveLength(5);
    expect(conformance.problems.map((p) => p.call)).toEqual([
      'GET /api/health → 200',
      'GET /api/health → 418',
      'POST /api/login → 400',
      'GET /api/transactions/export → 200',
    ]);
  });
});
