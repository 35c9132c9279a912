import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferingsReport } from '../../domain/api/stats';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * The offerings report's `limit` (ADR 071): the first types by total, in the order of the whole
 * report (ties at the cut decided by title, then id), with `totals` and `types` over every type —
 * on the bank's rollup (bank staff, no institution chosen) and on an institution's own rows.
 */
describe('offerings report, first types only (limit)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<'union' | 'church' | 'admin' | 'branch', Record<string, string>>;
  const PERIOD = 'from=2026-04-05&to=2026-04-05';

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    for (const role of ['union', 'church', 'admin', 'branch'] as const) headers[role] = { ...(await signIn(t.app, w.users[role])).headers, lang: 'en' };
    // Church A: one large, one middle, three equal at 5,000 (created out of title order, so the id alone would rank them wrongly), two small.
    const a = [
      ['Kubwa', 9_000],
      ['Kati', 7_000],
      ['Sawa C', 5_000],
      ['Sawa A', 5_000],
      ['Sawa B', 5_000],
      ['Ndogo', 1_000],
      ['Ndogo sana', 500],
    ] as const;
    const entries = [];
    for (const [title, amount] of a) {
      const type = await createOfferingType(db, { institutionId: w.churchA.id, title, churchBp: 6_000, fieldBp: 3_000, unionBp: 1_000 });
      entries.push(receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-04-05T10:00:00+03:00', lines: [{ offeringTypeId: type.id, amount }] }));
    }
    // A type with nothing given this period is not counted.
    await createOfferingType(db, { institutionId: w.churchA.id, title: 'Bila', churchBp: 10_000, fieldBp: 0, unionBp: 0 });
    expect((await sync(t.app, 'cash-receipts', headers.church, entries)).every((r) => r.status === 'created')).toBe(true);
    // Church B: one more type, equal to the ties, seen by the bank and the union but not in church A's report.
    const b = await createOfferingType(db, { institutionId: w.churchB.id, title: 'Sawa D', churchBp: 3_333, fieldBp: 3_333, unionBp: 3_334 });
    const [created] = await sync(t.app, 'cash-receipts', (await signIn(t.app, w.users.churchB)).headers, [
      receiptEntry({ institutionId: w.churchB.id, receivedAt: '2026-04-05T11:00:00+03:00', lines: [{ offeringTypeId: b.id, amount: 5_000 }] }),
    ]);
    expect(created?.status).toBe('created');
  });
  afterAll(() => t.close());

  const report = (role: keyof typeof headers, query: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/reports/offerings?${PERIOD}&${query}`, headers: { ...headers[role], ...extra } });
  const json = async (role: keyof typeof headers, query: string) => {
    const res = await report(role, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OfferingsReport;
  };

  // Bank staff with no institution read the bank's rollup; the union its subtree; an institution chosen reads that subtree's rows.
  const scopes = [
    { name: 'bank admin, whole bank (rollup)', role: 'admin', query: '', titles: ['Kubwa', 'Kati', 'Sawa A', 'Sawa B', 'Sawa C', 'Sawa D', 'Ndogo', 'Ndogo sana'] },
    { name: 'branch officer, branch (rollup)', role: 'branch', query: '', titles: ['Kubwa', 'Kati', 'Sawa A', 'Sawa B', 'Sawa C', 'Sawa D', 'Ndogo', 'Ndogo sana'] },
    { name: 'union administrator, its subtree', role: 'union', query: '', titles: ['Kubwa', 'Kati', 'Sawa A', 'Sawa B', 'Sawa C', 'Sawa D', 'Ndogo', 'Ndogo sana'] },
    { name: 'bank admin, church A chosen', role: 'admin', query: 'institutionId=churchA', titles: ['Kubwa', 'Kati', 'Sawa A', 'Sawa B', 'Sawa C', 'Ndogo', 'Ndogo sana'] },
    { name: 'church treasurer, own church', role: 'church', query: '', titles: ['Kubwa', 'Kati', 'Sawa A', 'Sawa B', 'Sawa C', 'Ndogo', 'Ndogo sana'] },
  ] as const;

  for (const scope of scopes) {
    it(`${scope.name}: the first rows of the whole report, totals and the count over every type`, async () => {
      const query = scope.query.replace('churchA', String(w.churchA.id));
      const whole = await json(scope.role, query);
      // Without limit the answer is what it always was: every type, totals the sums of the rows.
      expect(whole.rows.map((row) => row.title)).toEqual(scope.titles);
      expect(whole.types).toBe(scope.titles.length);
      for (const key of ['total', 'church', 'field', 'union'] as const) expect(whole.totals[key]).toBe(whole.rows.reduce((sum, row) => sum + row[key], 0));
      for (let limit = 1; limit <= scope.titles.length + 1; limit++) {
        const first = await json(scope.role, `${query}&limit=${limit}`);
        expect(first.rows, `limit ${limit}`).toEqual(whole.rows.slice(0, limit));
        expect(first.totals, `limit ${limit}`).toEqual(whole.totals);
        expect(first.types, `limit ${limit}`).toBe(whole.types);
      }
      // The cut falls inside the tie at 5,000: the title decides which of the equal types make it.
      expect((await json(scope.role, `${query}&limit=3`)).rows.map((row) => row.title)).toEqual(['Kubwa', 'Kati', 'Sawa A']);
      expect((await json(scope.role, `${query}&limit=4`)).rows.map((row) => row.title)).toEqual(['Kubwa', 'Kati', 'Sawa A', 'Sawa B']);
      // Cut, the rows no longer add up to the totals: the types after the cut are in the totals only.
      const cut = await json(scope.role, `${query}&limit=2`);
      expect(cut.rows.reduce((sum, row) => sum + row.total, 0)).toBe(16_000);
      expect(cut.totals.total).toBe(whole.totals.total);
      expect(cut.totals.total).toBeGreaterThan(16_000);
    });
  }

  it('an empty period: no rows, zero totals, no types, with and without limit', async () => {
    for (const query of ['', 'limit=5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/reports/offerings?from=2025-01-01&to=2025-01-02&${query}`, headers: headers.admin });
      expect(res.json()).toMatchObject({ rows: [], totals: { total: 0, church: 0, field: 0, union: 0 }, types: 0 });
    }
  });

  it('the files carry every type whatever the limit', async () => {
    const csv = await report('union', 'limit=1&format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\n');
    // Heading, 8 types, totals.
    expect(lines).toHaveLength(1 + 8 + 1);
  });

  it('refuses a limit out of range or not a whole number with a localised 400, and records no export', async () => {
    const exports = async () => Number((await t.database.raw.query(`select count(*)::int as n from activity_log where action = 'report.exported'`)).rows[0]!.n);
    const before = await exports();
    for (const bad of ['0', '-1', '1001', '5000', 'x', '1.5', '']) {
      for (const format of ['json', 'csv']) {
        const en = await report('admin', `limit=${bad}&format=${format}`);
        expect({ bad, format, status: en.statusCode }).toEqual({ bad, format, status: 400 });
        const body = en.json() as { code: string; fields: Array<{ path: string; message: string }> };
        expect(body.code).toBe('validation');
        expect(body.fields[0]?.path).toBe('limit');
        const sw = await report('admin', `limit=${bad}&format=${format}`, { lang: 'sw' });
        expect(sw.statusCode).toBe(400);
        expect((sw.json() as typeof body).fields[0]?.message).not.toBe(body.fields[0]?.message);
      }
    }
    expect(await exports()).toBe(before);
    // The largest limit is accepted.
    expect((await report('admin', 'limit=1000')).statusCode).toBe(200);
  });
});
