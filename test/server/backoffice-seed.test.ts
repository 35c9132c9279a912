import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../../server/db/seed/ensure-seeded';
import { bankAccounts, institutions } from '../../server/db/schema/institutions';
import { users } from '../../server/db/schema/users';
import { signIn } from '../factories/sign-in';
import { createTestApp, type TestApp } from './harness';

const PASSWORD = 'Sadaka@2026';

// The demo seed as the app serves it: one seeded app for both groups (seeding takes seconds).
describe('the demo seed, through the app', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let branch: Record<string, string>;
  let treasurer: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureSeeded(t.database, { demoPassword: PASSWORD, now: new Date() });
    admin = { ...(await signIn(t.app, { username: 'admin', password: PASSWORD })).headers, lang: 'en' };
    branch = { ...(await signIn(t.app, { username: 'branch', password: PASSWORD })).headers, lang: 'en' };
    treasurer = { ...(await signIn(t.app, { username: 'treasurer', password: PASSWORD })).headers, lang: 'en' };
  }, 120_000);
  afterAll(() => t.close());

  // The demo's pending requests must be real commands: approving each one executes its payload.
  describe('pending requests (made by `branch`) are approvable as stored', () => {
    it('shows one pending request per tab to the admin, none checkable by their maker', async () => {
      const list = (await t.app.inject({ method: 'GET', url: '/api/requests?status=requested', headers: admin })).json();
      expect(list.counts).toEqual({ total: 5, account: 1, registration: 1, user: 1, userEdit: 1, smsTopUp: 1 });
      expect(list.data.every((item: { canCheck: boolean; makerName: string }) => item.canCheck && item.makerName === 'Baraka Mrema')).toBe(true);
      const mine = (await t.app.inject({ method: 'GET', url: '/api/requests?status=requested', headers: branch })).json();
      expect(mine.data.every((item: { canCheck: boolean }) => !item.canCheck)).toBe(true);
    });

    it('approving each executes it: the church, the account, the user, the edit and the SMS top-up all take effect', async () => {
      const [mwengeBefore] = await t.database.db.select().from(institutions).where(eq(institutions.code, 'MWG'));
      const list = (await t.app.inject({ method: 'GET', url: '/api/requests?status=requested', headers: admin })).json();
      for (const item of list.data as Array<{ id: number; type: string }>) {
        const denied = await t.app.inject({ method: 'POST', url: `/api/requests/${item.id}/approve`, headers: branch, payload: {} });
        expect(denied.statusCode, item.type).toBe(403);
        const res = await t.app.inject({ method: 'POST', url: `/api/requests/${item.id}/approve`, headers: admin, payload: {} });
        expect(res.json(), item.type).toMatchObject({ status: 'approved' });
      }
      const db = t.database.db;
      const [ubungo] = await db.select().from(institutions).where(eq(institutions.code, 'UBG'));
      expect(ubungo).toMatchObject({ status: 'active', title: 'Ubungo Church' });
      const [defaultUser] = await db.select().from(users).where(eq(users.id, ubungo!.defaultUserId!));
      expect(defaultUser).toMatchObject({ userType: 'entity', forceChangePassword: true, email: 'elia.mapunda@example.co.tz' });
      expect((await t.smsInbox('+255754200001'))[0]!.message).toContain(defaultUser!.username);
      expect(await db.select().from(bankAccounts).where(eq(bankAccounts.accountNumber, '0101555000123'))).toEqual([expect.objectContaining({ status: 'activated' })]);
      expect(await db.select().from(users).where(eq(users.username, 'kassim.omari'))).toHaveLength(1);
      const [salma] = await db.select().from(users).where(eq(users.username, 'salma.juma'));
      expect(salma).toMatchObject({ phone: '+255654300004', name: 'Salma Juma Mrisho' });
      const [mwenge] = await db.select().from(institutions).where(eq(institutions.code, 'MWG'));
      expect(mwenge!.smsLeft).toBe(mwengeBefore!.smsLeft + 500);
      expect((await t.app.inject({ method: 'GET', url: '/api/getTotalPendingRegistration', headers: admin })).json().total).toBe(0);
    });
  });

  // The counting desk's batches are stored the way the receipt sync stores them: sending one of
  // them again, exactly as a device would, is a duplicate with the same receipt number.
  describe('the treasurer’s counting desk', () => {
    type Batch = { id: string; name: string; status: string; receiptCount: number; total: number };
    const batches = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/receipt-batches', headers: treasurer });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Batch[] }).data;
    };

    it('lists a closed batch of last Sunday and an open one, with counts and totals from their receipts', async () => {
      const list = await batches();
      // Newest service first; on a Monday the open batch is Saturday's, older than Sunday's.
      expect(list.map((batch) => [batch.status, batch.receiptCount]).sort()).toEqual([
        ['closed', 14],
        ['open', 4],
      ]);
      expect(list.find((batch) => batch.status === 'closed')!.name).toMatch(/^Ibada ya Jumapili \d{4}-\d{2}-\d{2}$/);
      for (const batch of list) {
        const receipts = await t.app.inject({ method: 'GET', url: `/api/cash-receipts?batchId=${batch.id}&limit=100`, headers: treasurer });
        const page = receipts.json() as { count: number; data: Array<{ amount: number }>; totals: { amount: number } };
        expect(page.count).toBe(batch.receiptCount);
        expect(page.data.reduce((sum, row) => sum + row.amount, 0)).toBe(batch.total);
        expect(page.totals.amount).toBe(batch.total);
      }
    });

    it('answers the seeded receipts and batch sent again by a device as duplicates, and stores nothing more', async () => {
      const before = await batches();
      const closed = before.find((batch) => batch.status === 'closed');
      type Stored = { client_id: string; institution_id: number; member_id: number | null; payer_name: string; payer_phone: string; currency: string; received_at: Date; batch_id: string; method: string; receipt_no: string; lines: Array<{ offeringTypeId: number; amount: number }> };
      const rows = (await t.database.raw.query(
        `select t.client_id, t.institution_id, t.member_id, t.payer_name, t.payer_phone, t.currency, t.received_at, t.batch_id, t.method, t.receipt_no,
                json_agg(json_build_object('offeringTypeId', l.offering_type_id, 'amount', l.amount) order by l.id) as lines
           from transactions t join transaction_lines l on l.transaction_id = t.id
          where t.batch_id is not null group by t.id order by t.receipt_no`,
      )).rows as Stored[];
      // Every envelope of both batches, members' and walk-ins': each must hash as the device sent it.
      const entries = rows.map((row) => ({
        id: row.client_id,
        institutionId: row.institution_id,
        ...(row.member_id === null ? { payer: { name: row.payer_name, phone: row.payer_phone } } : { memberId: row.member_id }),
        lines: row.lines,
        currency: row.currency,
        receivedAt: new Date(row.received_at).toISOString(),
        batchId: row.batch_id,
        method: row.method,
        receiptNo: row.receipt_no,
      }));
      expect(entries.filter((entry) => 'payer' in entry)).toHaveLength(3);
      expect(entries).toHaveLength(18);
      const replay = await t.app.inject({ method: 'POST', url: '/api/cash-receipts/sync', headers: treasurer, payload: { receipts: entries } });
      expect(replay.json()).toEqual({ results: entries.map((entry) => ({ id: entry.id, status: 'duplicate', receiptNo: entry.receiptNo })) });

      const query = `select institution_id, name, to_char(service_date, 'YYYY-MM-DD') as day, currency, closed_at from receipt_batches where id = $1`;
      const [batch] = (await t.database.raw.query(query, [closed!.id])).rows as Array<{ institution_id: number; name: string; day: string; currency: string; closed_at: Date }>;
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/receipt-batches/sync',
        headers: treasurer,
        payload: { batches: [{ id: closed!.id, institutionId: batch!.institution_id, name: batch!.name, serviceDate: batch!.day, currency: batch!.currency, closedAt: new Date(batch!.closed_at).toISOString() }] },
      });
      expect(again.json()).toEqual({ results: [{ id: closed!.id, status: 'duplicate' }] });
      expect(await batches()).toEqual(before);
    });
  });
});
