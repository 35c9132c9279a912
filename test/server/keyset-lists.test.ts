import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../../server/db/seed/ensure-seeded';
import { encodeCursor } from '../../server/lib/keyset';
import { signIn } from '../factories/sign-in';
import { createTestApp, type TestApp } from './harness';
import { keysetWalker, type Row } from './keyset-walk';

const ROLES = ['admin', 'branch', 'union', 'treasurer', 'imam'] as const;
type Role = (typeof ROLES)[number];
const GARBAGE = ['bm90LWEtY3Vyc29y', encodeCursor(['2026-01-01', 1]), encodeCursor([1, 2, 3]), '%%%'];

/**
 * Keyset paging of pledges, receipt history and the two logs on the demo data (ADR 062): for each
 * list and each demo role that may read it, the pages walked by cursor hold every row exactly once,
 * in the order of the spec's OFFSET pages; a cursor made from another tenant's row is only a
 * position inside one's own scope; a cursor that is not one is a 400 on `cursor` and changes nothing.
 */
describe('keyset paging of pledges, receipts and logs on the demo data', () => {
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

  const raw = async (text: string, params: unknown[] = []) => (await t.database.raw.query(text, params)).rows;

  /** A garbage cursor is a localised 400 on `cursor`, offset or not, and the list answers the same afterwards. */
  async function expectRefused(role: Role, path: string, countSql: string) {
    const before = await walk.get(role, `${path}?limit=5`);
    const rowsBefore = await raw(countSql);
    for (const cursor of GARBAGE) {
      for (const url of [`${path}?cursor=${cursor}`, `${path}?limit=5&offset=5&cursor=${cursor}`]) {
        const refused = await t.app.inject({ method: 'GET', url, headers: headers[role] });
        expect({ url, status: refused.statusCode }).toEqual({ url, status: 400 });
        expect(refused.json()).toMatchObject({ code: 'validation', fields: [{ path: 'cursor', message: 'Page is not valid' }] });
        const sw = await t.app.inject({ method: 'GET', url, headers: { ...headers[role], lang: 'sw' } });
        expect(sw.statusCode).toBe(400);
        expect(sw.json().fields[0].message).not.toBe('Page is not valid');
      }
    }
    expect(await raw(countSql)).toEqual(rowsBefore);
    expect(await walk.get(role, `${path}?limit=5`)).toEqual(before);
  }

  describe('pledges (due date, id ascending)', () => {
    const PLEDGE_ROLES = ['union', 'treasurer', 'imam'] as const;
    const walks = {} as Record<(typeof PLEDGE_ROLES)[number], Row[]>;

    it('the cursor walk is the offset walk, for every role that reads pledges, with and without filters', async () => {
      // Pledges due on one day share due_date: the id breaks the tie, so pages of 7 cross many ties.
      const [ties] = await raw(`select count(*)::int as n from (select due_date from pledges group by due_date having count(*) > 1) d`);
      expect(Number(ties!.n)).toBeGreaterThan(0);
      for (const role of PLEDGE_ROLES) walks[role] = await walk.expectSameWalk(role, '/api/pledges', '', 7);
      expect(walks.union.length).toBeGreaterThan(walks.treasurer.length);
      expect(walks.treasurer.length).toBeGreaterThan(0);
      expect(walks.imam.length).toBeGreaterThan(0);
      for (const query of ['due=overdue', 'due=fulfilled', 'due=1m', 'search=a']) {
        for (const role of PLEDGE_ROLES) await walk.expectSameWalk(role, '/api/pledges', query, 5);
      }
      const [campaign] = await raw(`select campaign_id from pledges where campaign_id is not null group by 1 order by count(*) desc limit 1`);
      if (campaign) await walk.expectSameWalk('union', '/api/pledges', `campaignId=${String(campaign.campaign_id)}`, 3);
      // The walk's order is the sort's: due date, then id.
      const order = await raw(`select id from pledges where id = any($1::int[]) order by due_date, id`, [walks.union.map((row) => row.id)]);
      expect(walks.union.map((row) => row.id)).toEqual(order.map((row) => row.id));
    }, 600_000);

    it("another tenant's pledge as a cursor is only a position: the treasurer still gets only the church's pledges", async () => {
      const theirs = walks.imam[Math.floor(walks.imam.length / 2)]!;
      const [position] = await raw(`select to_char(due_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as due from pledges where id = $1`, [theirs.id]);
      const crafted = encodeCursor([String(position!.due), Number(theirs.id)]);
      const after = await walk.byCursor('treasurer', '/api/pledges', '', 10, crafted);
      const mine = await raw(
        `select p.id from pledges p where p.id = any($1::int[]) and (p.due_date, p.id) > ($2::timestamptz, $3::int) order by p.due_date, p.id`,
        [walks.treasurer.map((row) => row.id), position!.due, theirs.id],
      );
      expect(after.map((row) => row.id)).toEqual(mine.map((row) => row.id));
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((row) => walks.treasurer.some((own) => own.id === row.id))).toBe(true);
    }, 120_000);

    it('a cursor that is not one is a 400 on cursor and changes nothing', async () => {
      await expectRefused('treasurer', '/api/pledges', 'select count(*)::int as n, coalesce(sum(paid), 0)::text as paid from pledges');
    }, 120_000);
  });

  describe('receipt history (received_at, id descending)', () => {
    const RECEIPT_ROLES = ['admin', 'branch', 'union', 'treasurer', 'imam'] as const;
    const walks = {} as Record<(typeof RECEIPT_ROLES)[number], Row[]>;
    const PATH = '/api/cash-receipts';

    it('the cursor walk is the offset walk, for every role that reads the history, with and without filters', async () => {
      // Receipts of one moment share received_at: 40 of the church's get the same instant so its pages of 7 cross a tie.
      await raw(
        `update transactions set received_at = '2026-02-01T07:00:00.123456Z' where id in (select t.id from transactions t join institutions i on i.id = t.institution_id
           where i.path like '/1/2/3/4/%' and t.method in ('cash', 'cheque') and t.status = 'completed' order by t.id limit 40)`,
      );
      // Every page of the history also sums the whole filtered set: pages of 100 keep the wide scopes' walks short.
      for (const role of RECEIPT_ROLES) walks[role] = await walk.expectSameWalk(role, PATH, '', role === 'treasurer' ? 7 : 100);
      expect(walks.admin.length).toBeGreaterThan(1_000);
      expect(walks.treasurer.length).toBeGreaterThan(0);
      expect(walks.imam.length).toBeGreaterThan(0);
      expect(walks.treasurer.length).toBeLessThan(walks.admin.length);
      const [type] = await raw(`select offering_type_id from transaction_lines group by 1 order by count(*) desc limit 1`);
      for (const query of ['from=2026-01-01&to=2026-02-15', 'method=cheque', `offeringTypeId=${String(type!.offering_type_id)}`, 'currency=TZS']) {
        await walk.expectSameWalk('treasurer', PATH, query, 25);
      }
      await walk.expectSameWalk('union', PATH, 'from=2026-01-01&to=2026-02-15', 50);
      // The walk's order is the sort's: received_at, then the transaction's id, both descending.
      const order = await raw(
        `select coalesce(t.client_id::text, t.id::text) as id from transactions t join institutions i on i.id = t.institution_id
          where i.path like '/1/2/3/4/%' and t.method in ('cash', 'cheque') and t.status = 'completed' order by t.received_at desc, t.id desc`,
      );
      expect(walks.treasurer.map((row) => row.id)).toEqual(order.map((row) => row.id));
    }, 900_000);

    it("another tenant's receipt as a cursor is only a position: the treasurer still gets only the church's receipts", async () => {
      const [theirs] = await raw(
        `select t.id, to_char(t.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from transactions t join institutions i on i.id = t.institution_id
          where i.path like '/16/%' and t.method in ('cash', 'cheque') and t.status = 'completed' order by t.received_at desc, t.id desc offset 3 limit 1`,
      );
      const crafted = encodeCursor([String(theirs!.at), String(theirs!.id)]);
      const after = await walk.byCursor('treasurer', PATH, '', 25, crafted);
      const mine = await raw(
        `select coalesce(t.client_id::text, t.id::text) as id from transactions t join institutions i on i.id = t.institution_id
          where i.path like '/1/2/3/4/%' and t.method in ('cash', 'cheque') and t.status = 'completed' and (t.received_at, t.id) < ($1::timestamptz, $2::uuid)
          order by t.received_at desc, t.id desc`,
        [theirs!.at, theirs!.id],
      );
      expect(after.length).toBeGreaterThan(0);
      expect(after.map((row) => row.id)).toEqual(mine.map((row) => row.id));
      const own = new Set(walks.treasurer.map((row) => row.id));
      expect(after.every((row) => own.has(row.id))).toBe(true);
    }, 300_000);

    it('a cursor that is not one is a 400 on cursor and changes nothing', async () => {
      await expectRefused('treasurer', PATH, `select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from transactions where method in ('cash', 'cheque')`);
    }, 120_000);
  });

  describe('activity and session logs (newest first, the id breaking ties)', () => {
    beforeAll(async () => {
      // The demo has no history yet: 400 activity lines and 120 sessions over every user, several to one instant.
      await raw(
        `insert into activity_log (user_id, action, entity_type, entity_id, details, ip_address, created_at)
         select u.id, (array['auth.login', 'member.create', 'receipt.sync', 'request.approved'])[1 + g % 4], 'member', g::text, 'line ' || g, '10.0.' || (g % 7) || '.1',
                timestamptz '2026-02-20T08:00:00.000001Z' + ((g / 5) * interval '37 seconds')
         from generate_series(1, 400) g join lateral (select id from users order by id offset (g % (select count(*) from users)) limit 1) u on true`,
      );
      await raw(
        `insert into sessions (id, token_hash, user_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at, ip_address, device_type, browser_agent, app_version, revoked_at)
         select gen_random_uuid(), 'keyset-' || g, u.id, timestamptz '2026-02-20T08:00:00Z', timestamptz '2026-02-25T08:00:00.000002Z' + ((g / 4) * interval '1 minute'),
                timestamptz '2026-02-26T08:00:00Z', timestamptz '2026-03-20T08:00:00Z', '10.1.' || (g % 5) || '.1', 'desktop', 'Browser ' || g, '1.0.' || g, null
         from generate_series(1, 120) g join lateral (select id from users order by id offset (g % (select count(*) from users)) limit 1) u on true`,
      );
    }, 120_000);

    it('activities: the cursor walk is the offset walk, for the admin and the branch, with and without filters', async () => {
      const admin = await walk.expectSameWalk('admin', '/api/activities', '', 23);
      const branch = await walk.expectSameWalk('branch', '/api/activities', '', 23);
      expect(admin.length).toBeGreaterThanOrEqual(400);
      expect(branch.length).toBeGreaterThan(0);
      expect(branch.length).toBeLessThan(admin.length);
      for (const query of ['action=member.', 'search=10.0.3', 'from=2026-02-20&to=2026-02-20']) {
        for (const role of ['admin', 'branch'] as const) await walk.expectSameWalk(role, '/api/activities', query, 11);
      }
      const [someone] = await raw(`select user_id from activity_log where user_id is not null group by 1 order by count(*) desc limit 1`);
      await walk.expectSameWalk('admin', '/api/activities', `userId=${String(someone!.user_id)}`, 7);
      const order = await raw(`select id from activity_log order by created_at desc, id desc`);
      expect(admin.map((row) => row.id)).toEqual(order.map((row) => row.id));
    }, 600_000);

    it("activities: a line of a user outside the branch as a cursor is only a position inside the branch's users", async () => {
      const branch = await walk.byCursor('branch', '/api/activities', '', 50);
      const own = new Set(branch.map((row) => row.id));
      const [theirs] = await raw(
        `select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from activity_log where not (id = any($1::int[])) order by created_at desc, id desc offset 20 limit 1`,
        [[...own]],
      );
      const after = await walk.byCursor('branch', '/api/activities', '', 50, encodeCursor([String(theirs!.at), Number(theirs!.id)]));
      const mine = await raw(`select id from activity_log where id = any($1::int[]) and (created_at, id) < ($2::timestamptz, $3::int) order by created_at desc, id desc`, [
        [...own],
        theirs!.at,
        theirs!.id,
      ]);
      expect(after.length).toBeGreaterThan(0);
      expect(after.map((row) => row.id)).toEqual(mine.map((row) => row.id));
    }, 300_000);

    it('sessions: the cursor walk is the offset walk, with and without filters (the admin reads the session log)', async () => {
      const all = await walk.expectSameWalk('admin', '/api/log-viewer', '', 9, 'sessionId');
      expect(all.length).toBeGreaterThanOrEqual(120);
      await walk.expectSameWalk('admin', '/api/log-viewer', 'search=10.1.2', 4, 'sessionId');
      const [someone] = await raw(`select user_id from sessions group by 1 order by count(*) desc limit 1`);
      await walk.expectSameWalk('admin', '/api/log-viewer', `userId=${String(someone!.user_id)}`, 2, 'sessionId');
      const order = await raw(`select id from sessions order by last_seen_at desc, id desc`);
      expect(all.map((row) => row.sessionId)).toEqual(order.map((row) => row.id));
      // A crafted position (a session's instant and id) starts the page after it, within the same order.
      const middle = order[40]!;
      const [at] = await raw(`select to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from sessions where id = $1`, [middle.id]);
      const after = await walk.byCursor('admin', '/api/log-viewer', '', 9, encodeCursor([String(at!.at), String(middle.id)]));
      expect(after.map((row) => row.sessionId)).toEqual(order.slice(41).map((row) => row.id));
    }, 300_000);

    it('a cursor that is not one is a 400 on cursor and changes nothing', async () => {
      await expectRefused('admin', '/api/activities', 'select count(*)::int as n from activity_log');
      await expectRefused('branch', '/api/activities', 'select count(*)::int as n from activity_log');
      await expectRefused('admin', '/api/log-viewer', 'select count(*)::int as n, max(last_seen_at)::text as seen from sessions');
    }, 120_000);
  });
});
