import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../../server/db/seed/ensure-seeded';
import { encodeCursor } from '../../server/lib/keyset';
import { createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createTestApp, type TestApp } from './harness';
import { keysetWalker } from './keyset-walk';

type Page = { data: Array<Record<string, unknown>>; nextCursor: string | null; count?: number; totals?: Total[] };
type Total = { currency: string; amount: number; fee: number; count: number };
const ROLES = ['admin', 'branch', 'union', 'treasurer', 'imam'] as const;
type Role = (typeof ROLES)[number];

/**
 * Keyset paging on the demo data (ADR 062): for each list and role, the pages walked by cursor
 * hold every row exactly once, in the order the OFFSET pages gave (the spec's paging, still
 * served), and a cursor crafted from another tenant's row is only a position inside one's own scope.
 */
describe('keyset paging on the demo data', () => {
  let t: TestApp;
  const headers = {} as Record<Role, Record<string, string>>;
  const now = new Date('2026-03-01T09:30:00Z');
  let walk: ReturnType<typeof keysetWalker>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    await ensureSeeded(t.database, { demoPassword: 'Sadaka@2026', now });
    for (const role of ROLES) headers[role] = { ...(await signIn(t.app, { username: role, password: 'Sadaka@2026' })).headers, lang: 'en' };
    walk = keysetWalker(t, (who) => headers[who as Role]);
  }, 1_200_000);
  afterAll(() => t.close());

  /** The cursor walk equals the offset walk, ids are unique; answers the walks per role. */
  async function expectSameWalk(path: string, query: string, limit: number, roles: readonly Role[] = ROLES) {
    const walks = {} as Record<Role, Array<Record<string, unknown>>>;
    for (const role of roles) {
      const byCursor = await walk.byCursor(role, path, query, limit);
      const ids = byCursor.map((row) => String(row.id));
      expect({ role, ids }).toEqual({ role, ids: (await walk.byOffset(role, path, query, limit)).map((row) => String(row.id)) });
      expect(new Set(ids).size, `${role}: a row twice`).toBe(ids.length);
      walks[role] = byCursor;
    }
    return walks;
  }

  const ALL_TIME = 'range=custom&from=2020-01-01&to=2026-12-31';
  let allTime = {} as Record<Role, Array<Record<string, unknown>>>;

  it('transactions: the cursor walk is the offset walk, for every role, all time and the last week', async () => {
    allTime = await expectSameWalk('/api/transactions', ALL_TIME, 100);
    expect(allTime.admin.length).toBeGreaterThan(10_000);
    expect(allTime.treasurer.length).toBeGreaterThan(0);
    expect(allTime.treasurer.length).toBeLessThan(allTime.admin.length);
    await expectSameWalk('/api/transactions', 'range=7d&status=completed', 7, ['treasurer', 'imam']);
  }, 600_000);

  it('transactions: the totals (read model) equal the sums of the rows listed, per filter the read model keeps', async () => {
    const { rows } = await t.database.raw.query(`select id from institutions where code = 'MWG'`);
    const institutionId = Number(rows[0]!.id);
    for (const role of ROLES) {
      const first = await walk.get<Page>(role, walk.withParams('/api/transactions', ALL_TIME, 'limit=1'));
      expect({ role, totals: first.totals, count: first.count }).toEqual({ role, totals: sumsOf(allTime[role]), count: allTime[role].length });
    }
    const queries = ['range=1m&status=completed', `range=3m&status=failed&method=mobile`, `range=3m&institutionId=${institutionId}`, 'range=3m&branchId=0'];
    for (const role of ['admin', 'branch', 'union'] as const) {
      for (const query of queries) {
        const listed = await walk.byCursor(role, '/api/transactions', query, 100);
        const first = await walk.get<Page>(role, walk.withParams('/api/transactions', query, 'limit=1'));
        expect({ role, query, totals: first.totals, count: first.count }).toEqual({ role, query, totals: sumsOf(listed), count: listed.length });
      }
    }
  }, 600_000);

  it('pending pushes and failed credits: the cursor walk is the offset walk', async () => {
    // The demo has no failed credit: five completed payments of the union's churches get one (credit status is not counted by the read model).
    const { rows: marked } = await t.database.raw.query(
      `with chosen as (select t.id, t.credit_status as old from transactions t join institutions i on i.id = t.institution_id
         where t.status = 'completed' and t.method = 'mobile' and i.path like (select path from institutions where code = 'ECTU') || '%' order by t.id limit 5)
       update transactions t set credit_status = 'failed' from chosen where t.id = chosen.id returning t.id, chosen.old`,
    );
    try {
      const { rows } = await t.database.raw.query(
        `select (select count(*)::int from transactions where method = 'mobile' and status in ('pending', 'pending_cancel')) as pending,
                (select count(*)::int from transactions where status = 'completed' and credit_status = 'failed') as failed`,
      );
      const sizes = { pending: Number(rows[0]!.pending), failed: Number(rows[0]!.failed) };
      expect(sizes.pending).toBeGreaterThan(2);
      expect(sizes.failed).toBe(5);
      const pending = await expectSameWalk('/api/payments/pending', '', 2, ['admin', 'branch', 'treasurer', 'imam']);
      // The admin sees the active religion's (the count says how many); every walk ends with all of them.
      expect(pending.admin.length).toBe((await walk.get<Page>('admin', '/api/payments/pending?limit=1')).count);
      expect(pending.admin.length).toBeGreaterThan(2);
      expect(pending.admin.length).toBeLessThanOrEqual(sizes.pending);
      const failed = await expectSameWalk('/api/payments/failed-credits', '', 2, ['admin', 'union', 'treasurer', 'imam']);
      expect(failed.admin.length).toBe((await walk.get<Page>('admin', '/api/payments/failed-credits?limit=1')).count);
      expect(failed.union.length).toBe(5);
      expect(failed.imam).toEqual([]);
    } finally {
      await t.database.raw.query(`update transactions t set credit_status = v.old from unnest($1::uuid[], $2::text[]) as v(id, old) where t.id = v.id`, [
        marked.map((row) => String(row.id)),
        marked.map((row) => (row.old === null ? null : String(row.old))),
      ]);
    }
  }, 300_000);

  it('transactions: a search or an operator (not in the read model) sums exactly, and agrees with the listed rows', async () => {
    for (const query of [`${ALL_TIME}&search=neema`, `${ALL_TIME}&operator=vodacom`]) {
      const listed = await walk.byCursor('admin', '/api/transactions', query, 100);
      const first = await walk.get<Page>('admin', walk.withParams('/api/transactions', query, 'limit=1'));
      expect(first.totals).toEqual(sumsOf(listed));
    }
  }, 120_000);

  it("transactions: another tenant's row as a cursor is only a position: the scope still applies", async () => {
    const mosque = allTime.imam;
    const church = allTime.treasurer;
    expect(mosque.length).toBeGreaterThan(0);
    const mosqueIds = new Set(mosque.map((row) => row.id));
    const newest = mosque[0]!;
    const crafted = encodeCursor([microseconds(String(newest.receivedAt)), newest.id]);
    const after = await walk.byCursor('treasurer', '/api/transactions', ALL_TIME, 100, crafted);
    expect(after.some((row) => mosqueIds.has(row.id))).toBe(false);
    expect(after.map((row) => row.id)).toEqual(church.filter((row) => String(row.receivedAt) < String(newest.receivedAt) || (row.receivedAt === newest.receivedAt && String(row.id) < String(newest.id))).map((row) => row.id));
    const refused = await t.app.inject({ method: 'GET', url: '/api/transactions?cursor=bm90LWEtY3Vyc29y', headers: headers.treasurer });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation', fields: [{ path: 'cursor', message: 'Page is not valid' }] });
    for (const path of ['/api/payments/pending', '/api/payments/failed-credits']) {
      expect((await t.app.inject({ method: 'GET', url: `${path}?cursor=bm90LWEtY3Vyc29y`, headers: headers.admin })).statusCode).toBe(400);
    }
  }, 120_000);

  it('transactions: an institution in another time zone is summed on East Africa days, like the list', async () => {
    const { rows } = await t.database.raw.query(`select id from institutions where code = 'MWG'`);
    const mwenge = Number(rows[0]!.id);
    await t.database.raw.query(`update institutions set time_zone = 'Africa/Lagos' where id = $1`, [mwenge]);
    try {
      // 00:30 on 10 February in Dar es Salaam is still 9 February in Lagos: in the list's range, not in the read model's day.
      await createTransaction(t.database.db, { institutionId: mwenge, amount: 7_700, receivedAt: new Date('2026-02-09T21:30:00Z') });
      const query = 'range=custom&from=2026-02-10&to=2026-02-20';
      for (const role of ['admin', 'union', 'treasurer'] as const) {
        const listed = await walk.byCursor(role, '/api/transactions', query, 100);
        expect(listed.some((row) => row.amount === 7_700)).toBe(true);
        expect((await walk.get<Page>(role, walk.withParams('/api/transactions', query, 'limit=1'))).totals).toEqual(sumsOf(listed));
      }
    } finally {
      await t.database.raw.query(`update institutions set time_zone = 'Africa/Dar_es_Salaam' where id = $1`, [mwenge]);
    }
  }, 120_000);


});

/** "2026-02-10T07:00:00.000Z" as the cursor carries it, to the microsecond. */
function microseconds(iso: string): string {
  return iso.replace(/\.(\d{3})Z$/, '.$1000Z');
}

function sumsOf(rows: Array<Record<string, unknown>>): Total[] {
  const sums = new Map<string, Total>();
  for (const row of rows) {
    const currency = String(row.currency);
    const sum = sums.get(currency) ?? { currency, amount: 0, fee: 0, count: 0 };
    sums.set(currency, { currency, amount: sum.amount + Number(row.amount), fee: sum.fee + Number(row.fee), count: sum.count + 1 });
  }
  return [...sums.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}
