import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../../server/db/seed/ensure-seeded';
import { encodeCursor } from '../../server/lib/keyset';
import { signIn } from '../factories/sign-in';
import { createTestApp, type TestApp } from './harness';
import { keysetWalker } from './keyset-walk';

const ROLES = ['admin', 'branch'] as const;
type Role = (typeof ROLES)[number];

/** Each back-office list, the table behind it and the column it sorts on (newest first, then id). */
const LISTS = [
  { path: '/api/registrations', table: 'registrations', time: 'updated_at', filters: ['status=submitted', 'status=unfinished'] },
  { path: '/api/users', table: 'users', time: 'created_at', filters: ['userType=bank', 'userType=entity&status=activated', 'search=keyset'] },
  { path: '/api/requests', table: 'approval_requests', time: 'created_at', filters: ['type=bank-user', 'type=application&status=requested', 'status=approved'] },
  { path: '/api/bank-accounts', table: 'bank_accounts', time: 'created_at', filters: ['status=activated', 'search=keyset', 'institutionId=4'] },
] as const;

/**
 * Keyset paging of the back-office lists on the demo data (ADR 062), as LISTS names them:
 * registrations, approval requests, users and bank accounts.
 *
 * For each list and each bank role (the only ones these lists are for), the pages walked by cursor
 * hold every row once, in the order the spec's OFFSET pages give; a cursor crafted from a row
 * outside the caller's scope is only a position inside it; a cursor that is not one is a localised
 * 400. Rows are added that share one instant to the microsecond (the id decides) and that differ
 * only below the millisecond (a JS Date would lose it).
 */
describe('keyset paging of the back-office lists', () => {
  let t: TestApp;
  const headers = {} as Record<Role, Record<string, string>>;
  const now = new Date('2026-03-01T09:30:00Z');
  let walk: ReturnType<typeof keysetWalker>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    await ensureSeeded(t.database, { demoPassword: 'Sadaka@2026', now });
    await addRowsThatTie(t);
    for (const role of ROLES) headers[role] = { ...(await signIn(t.app, { username: role, password: 'Sadaka@2026' })).headers, lang: 'en' };
    walk = keysetWalker(t, (who) => headers[who as Role]);
  }, 1_200_000);
  afterAll(() => t.close());

  /** (time to the microsecond, id) of each id, as the list's cursor carries it. */
  async function positionsOf(table: string, time: string, ids: number[]) {
    const { rows } = await t.database.raw.query(`select id, to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from ${table} where id = any($1::int[])`, [ids]);
    return new Map(rows.map((row) => [Number(row.id), String(row.at)]));
  }

  for (const list of LISTS) {
    it(`${list.path}: the cursor walk is the offset walk, for each bank role and filter`, async () => {
      for (const role of ROLES) {
        for (const query of ['', ...list.filters]) {
          for (const limit of [1, 3]) {
            await walk.expectSameWalk(role, list.path, query, limit);
          }
        }
        // The walk holds the rows that share an instant, newest first then by id.
        const all = (await walk.byCursor(role, list.path, '', 3)).map((row) => Number(row.id));
        const positions = await positionsOf(list.table, list.time, all);
        const keys = all.map((id) => [positions.get(id)!, id] as const);
        expect(keys, `${role}: newest first, then the higher id`).toEqual([...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1)));
        expect(keys.filter(([at]) => at === TIE).length, `${role}: rows that tie`).toBeGreaterThan(3);
      }
    }, 300_000);

    it(`${list.path}: a cursor from a row outside the scope is only a position; a cursor that is not one is a 400`, async () => {
      for (const role of ROLES) {
        const own = (await walk.byCursor(role, list.path, '', 100)).map((row) => Number(row.id));
        const { rows: others } = await t.database.raw.query(`select id from ${list.table} where id <> all($1::int[]) and ${list.time} = $2::timestamptz order by id`, [own, TIE]);
        expect(others.length, `${role}: rows of another scope`).toBeGreaterThan(0);
        const outsider = Number(others[Math.floor(others.length / 2)]!.id);
        const crafted = encodeCursor([TIE, outsider]);
        const after = (await walk.byCursor(role, list.path, '', 2, crafted)).map((row) => Number(row.id));
        const positions = await positionsOf(list.table, list.time, own);
        const expected = own.filter((id) => positions.get(id)! < TIE || (positions.get(id) === TIE && id < outsider));
        expect({ role, after }).toEqual({ role, after: expected });
        expect(expected.length).toBeLessThan(own.length);
      }
      for (const cursor of ['bm90LWEtY3Vyc29y', encodeCursor(['2026-02-01T10:00:00.123Z', 1]), encodeCursor([TIE, 'x']), encodeCursor([TIE])]) {
        const refused = await t.app.inject({ method: 'GET', url: `${list.path}?cursor=${cursor}`, headers: headers.branch });
        expect(refused.statusCode, cursor).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'validation', fields: [{ path: 'cursor', message: 'Page is not valid' }] });
      }
      const swahili = await t.app.inject({ method: 'GET', url: `${list.path}?cursor=bm90LWEtY3Vyc29y`, headers: { ...headers.admin, lang: 'sw' } });
      expect(swahili.statusCode).toBe(400);
      expect(swahili.json().fields[0].message).not.toBe('Page is not valid');
    }, 120_000);
  }
});

/** One instant, to the microsecond, that many added rows share. */
const TIE = '2026-02-01T10:00:00.123456Z';
/** Within the same millisecond as TIE, 1 µs later and earlier. */
const TIE_AFTER = '2026-02-01T10:00:00.123457Z';
const TIE_BEFORE = '2026-02-01T10:00:00.123455Z';

/**
 * Rows in both religions and in three branches, most at TIE (so the id decides), one just after
 * and one just before it inside the same millisecond.
 */
async function addRowsThatTie(t: TestApp) {
  const raw = t.database.raw;
  const { rows: places } = await raw.query(`select i.id, i.religion_id, i.branch_id from institutions i where i.code in ('MWG', 'SKN', 'MWT', 'MBT') order by i.id`);
  const { rows: groups } = await raw.query(`select id, user_type from role_groups order by id`);
  const bankGroup = Number(groups.find((g) => g.user_type === 'bank')!.id);
  const entityGroup = Number(groups.find((g) => g.user_type === 'entity')!.id);
  const times = [TIE, TIE, TIE, TIE_AFTER, TIE, TIE_BEFORE, TIE];
  let n = 0;
  for (const place of places) {
    for (const at of times) {
      n++;
      const branch = Number(place.branch_id);
      const religion = Number(place.religion_id);
      const status = ['submitted', 'unfinished', 'completed'][n % 3];
      await raw.query(`insert into registrations (status, applicant_phone, data, branch_id, religion_id, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)`, [
        status,
        `+2557000${String(n).padStart(5, '0')}`,
        JSON.stringify({ institution: { title: `Keyset ${n}` } }),
        branch,
        religion,
        at,
      ]);
      await raw.query(
        `insert into approval_requests (type, status, subject, payload, branch_id, religion_id, title, created_at) values ($1, $2, $3, '{}', $4, $5, $6, $7)`,
        [['application', 'bank-user', 'bank-account'][n % 3], ['requested', 'approved', 'rejected'][n % 3], `keyset:${n}`, branch, n % 4 === 0 ? null : religion, `Keyset ${n}`, at],
      );
      const bank = n % 2 === 0;
      await raw.query(
        `insert into users (username, email, name, phone, password_hash, user_type, role_group_id, branch_id, institution_id, status, created_at) values ($1, $2, $3, $4, 'x', $5, $6, $7, $8, $9, $10)`,
        [`keyset.${n}`, `keyset.${n}@example.co.tz`, `Keyset ${n}`, `+2557100${String(n).padStart(5, '0')}`, bank ? 'bank' : 'entity', bank ? bankGroup : entityGroup, bank ? branch : null, bank ? null : Number(place.id), n % 5 === 0 ? 'disabled' : 'activated', at],
      );
      await raw.query(`insert into bank_accounts (institution_id, account_number, account_name, branch_id, currency, status, created_at) values ($1, $2, $3, $4, 'TZS', $5, $6)`, [
        Number(place.id),
        `99${String(n).padStart(10, '0')}`,
        `Keyset ${n}`,
        branch,
        n % 3 === 0 ? 'requested' : 'activated',
        at,
      ]);
    }
  }
}
