import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchInput } from '../../domain/api/receipts';
import { messages } from '../../domain/messages';
import { loadConfig } from '../../server/config';
import { receiptBatches } from '../../server/db/schema/money';
import { batchEntry, createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Listed = { id: string; status: string; closedAt: string | null; receiptCount: number; total: number; openedAt: string; stale: boolean; lateCount: number; lateTotal: number };
type Stale = { days: number; count: number; oldest: Array<{ id: string; institutionId: number; institution: string; name: string; serviceDate: string }> };

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Issue 11: a batch belongs to the congregation, not to the browser that opened it. Two devices of
 * one church (here two treasurers, each their own session) share its open batches, add envelopes to
 * them and close them; totals count every device's receipts; a second close is idempotent; a late
 * envelope is counted and shown as late; forgotten batches are flagged after STALE_BATCH_DAYS.
 */
describe('counting batches shared by the devices of a congregation', () => {
  let t: TestApp;
  let w: World;
  let type: OfferingTypeRow;
  // The server's clock, moved by the stale tests; real time otherwise.
  let clock: Date | null = null;
  const headers: Record<'first' | 'second' | 'churchB' | 'union' | 'mosque', Record<string, string>> = {} as never;

  beforeAll(async () => {
    // Three days instead of the default seven: a five-day-old batch below is stale only because of this.
    t = await createTestApp({ env: { STALE_BATCH_DAYS: '3' }, now: () => clock ?? new Date() });
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    type = await createOfferingType(t.database.db, { institutionId: w.churchA.id });
    const secondTreasurer = await createUser(t.database.db, { role: 'Church Treasurer', institutionId: w.churchA.id });
    headers.first = (await signIn(t.app, w.users.church)).headers;
    headers.second = (await signIn(t.app, secondTreasurer)).headers;
    headers.churchB = (await signIn(t.app, w.users.churchB)).headers;
    headers.union = (await signIn(t.app, w.users.union)).headers;
    headers.mosque = (await signIn(t.app, w.users.mosque)).headers;
  });
  afterAll(() => t.close());

  const device = (who: keyof typeof headers) => ({ ...headers[who], lang: 'en' });
  const open = (overrides: Partial<BatchInput> = {}) => batchEntry({ institutionId: w.churchA.id, ...overrides });
  const envelope = (batchId: string, amount: number) => receiptEntry({ institutionId: w.churchA.id, batchId, lines: [{ offeringTypeId: type.id, amount }] });
  const list = async (who: keyof typeof headers, query = '?status=open'): Promise<Listed[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/receipt-batches${query}`, headers: headers[who] });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Listed[] }).data;
  };
  const find = async (who: keyof typeof headers, id: string, query = '') => (await list(who, query)).find((row) => row.id === id);
  const stored = async (id: string) => (await t.database.db.select().from(receiptBatches).where(eq(receiptBatches.id, id)))[0]!;

  it('a batch opened on one device is listed open on another with what has synced, continued and closed there, closed for all', async () => {
    const batch = open({ name: 'Ibada ya asubuhi' });
    expect((await sync(t.app, 'receipt-batches', device('first'), [batch]))[0]?.status).toBe('created');
    await sync(t.app, 'cash-receipts', device('first'), [envelope(batch.id, 500_000), envelope(batch.id, 250_000)]);

    // The second device sees it among the open batches with the first device's synced envelopes.
    expect(await find('second', batch.id, '?status=open')).toMatchObject({ status: 'open', receiptCount: 2, total: 750_000, stale: false, lateCount: 0 });
    // It adds an envelope: the totals count both devices.
    expect((await sync(t.app, 'cash-receipts', device('second'), [envelope(batch.id, 100_000)]))[0]?.status).toBe('created');
    expect(await find('first', batch.id)).toMatchObject({ receiptCount: 3, total: 850_000 });

    // The second device closes it (same id, closedAt set): closed for everyone.
    const closedAt = '2026-03-15T13:00:00+03:00';
    expect(await sync(t.app, 'receipt-batches', device('second'), [{ ...batch, closedAt }])).toEqual([{ id: batch.id, status: 'created' }]);
    expect((await list('first', '?status=open')).map((row) => row.id)).not.toContain(batch.id);
    expect(await find('first', batch.id, '?status=closed')).toMatchObject({ status: 'closed', closedAt: '2026-03-15T10:00:00.000Z', receiptCount: 3, total: 850_000 });
    expect(await stored(batch.id)).toMatchObject({ status: 'closed', createdBy: w.users.church.id });
  });

  it('closing a batch that is already closed is idempotent: the first close stands, the late closer is told when it was', async () => {
    const batch = open();
    await sync(t.app, 'receipt-batches', device('first'), [batch]);
    const first = { ...batch, closedAt: '2026-03-15T12:00:00Z' };
    expect((await sync(t.app, 'receipt-batches', device('first'), [first]))[0]?.status).toBe('created');
    // The same close again (a resend after a lost answer): duplicate, nothing said.
    expect(await sync(t.app, 'receipt-batches', device('first'), [first])).toEqual([{ id: batch.id, status: 'duplicate' }]);
    // Another device closes it later (it had not seen the close): duplicate, with when it was closed.
    const late = await sync(t.app, 'receipt-batches', device('second'), [{ ...batch, closedAt: '2026-03-15T14:30:00Z' }]);
    expect(late).toEqual([{ id: batch.id, status: 'duplicate', code: 'already_closed', message: 'This batch was already closed on another device at 15 Mar 2026, 15:00. It stays closed; nothing was changed.' }]);
    const swahili = await sync(t.app, 'receipt-batches', { ...headers.second, lang: 'sw' }, [{ ...batch, closedAt: '2026-03-15T14:31:00Z' }]);
    expect(swahili[0]?.message).not.toBe(late[0]?.message);
    expect(swahili[0]?.message).toContain('2026');
    expect(await stored(batch.id)).toMatchObject({ status: 'closed', closedAt: new Date('2026-03-15T12:00:00Z') });
    // Two devices closing at once, at different times: one close wins, the other is told it was already closed.
    const race = open();
    await sync(t.app, 'receipt-batches', device('first'), [race]);
    const answers = await Promise.all([
      sync(t.app, 'receipt-batches', device('first'), [{ ...race, closedAt: '2026-03-15T12:00:00Z' }]),
      sync(t.app, 'receipt-batches', device('second'), [{ ...race, closedAt: '2026-03-15T12:05:00Z' }]),
    ]);
    expect(answers.map((a) => a[0]?.status).sort()).toEqual(['created', 'duplicate']);
    expect(answers.flat().find((a) => a.status === 'duplicate')?.code).toBe('already_closed');
    // A close is still no way to rename a batch.
    expect((await sync(t.app, 'receipt-batches', device('second'), [{ ...batch, name: 'Other', closedAt: '2026-03-15T14:30:00Z' }]))[0]).toMatchObject({
      status: 'conflict',
      code: 'content_differs',
      message: messages.batchConflict.message,
    });
  });

  it('an envelope recorded while the batch was open elsewhere and synced after the close counts in it, and as late', async () => {
    const batch = open();
    await sync(t.app, 'receipt-batches', device('first'), [batch]);
    await sync(t.app, 'cash-receipts', device('first'), [envelope(batch.id, 300_000)]);
    // Closed now by the second device; an envelope the first device recorded offline arrives after.
    await sync(t.app, 'receipt-batches', device('second'), [{ ...batch, closedAt: new Date().toISOString() }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await sync(t.app, 'cash-receipts', device('first'), [envelope(batch.id, 40_000)]))[0]?.status).toBe('created');
    expect(await find('second', batch.id, '?status=closed')).toMatchObject({ receiptCount: 2, total: 340_000, lateCount: 1, lateTotal: 40_000 });
  });

  it('is the congregation’s only: another church neither sees, continues nor closes it; its overseers see it', async () => {
    const batch = open({ name: 'Ya kanisa A peke yake' });
    await sync(t.app, 'receipt-batches', device('first'), [batch]);
    expect((await list('churchB')).map((row) => row.id)).not.toContain(batch.id);
    expect((await list('mosque')).map((row) => row.id)).not.toContain(batch.id);
    expect((await list('union')).map((row) => row.id)).toContain(batch.id);
    const refused = await t.app.inject({ method: 'GET', url: `/api/receipt-batches?status=open&institutionId=${w.churchA.id}`, headers: headers.churchB });
    expect(refused.statusCode).toBe(403);
    // Church B's treasurer closing or filling it: refused per entry, nothing written.
    const close = await sync(t.app, 'receipt-batches', device('churchB'), [{ ...batch, closedAt: '2026-03-15T12:00:00Z' }]);
    expect(close[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const fill = await sync(t.app, 'cash-receipts', device('churchB'), [envelope(batch.id, 1_000)]);
    expect(fill[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await find('first', batch.id)).toMatchObject({ status: 'open', receiptCount: 0, total: 0 });
  });

  it('flags open batches older than STALE_BATCH_DAYS on the list and on the dashboard, in scope only', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
    // Opened five days ago for a service five days ago: stale at three days (not at the default seven).
    clock = daysAgo(5);
    const forgotten = open({ name: 'Ibada iliyosahaulika', serviceDate: isoDay(daysAgo(5)) });
    const closedOld = open({ name: 'Imefungwa', serviceDate: isoDay(daysAgo(5)) });
    await sync(t.app, 'receipt-batches', device('first'), [forgotten, closedOld, { ...closedOld, closedAt: daysAgo(5).toISOString() }]);
    clock = null;
    // Opened today for last week's service: being counted now, not forgotten.
    const lateCount = open({ name: 'Inahesabiwa sasa', serviceDate: isoDay(daysAgo(6)) });
    await sync(t.app, 'receipt-batches', device('first'), [lateCount]);

    expect(await find('second', forgotten.id)).toMatchObject({ stale: true, status: 'open' });
    expect(await find('second', lateCount.id)).toMatchObject({ stale: false });
    expect(await find('second', closedOld.id, '')).toMatchObject({ stale: false, status: 'closed' });

    const dashboard = async (who: keyof typeof headers) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: headers[who] });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { staleBatches: Stale }).staleBatches;
    };
    const church = await dashboard('first');
    expect(church).toMatchObject({ days: 3, count: 1 });
    expect(church.oldest).toEqual([{ id: forgotten.id, institutionId: w.churchA.id, institution: w.churchA.title, name: 'Ibada iliyosahaulika', serviceDate: isoDay(daysAgo(5)) }]);
    expect((await dashboard('union')).oldest.map((row) => row.id)).toContain(forgotten.id);
    expect(await dashboard('churchB')).toEqual({ days: 3, count: 0, oldest: [] });

    // Closing it (from either device) clears the flag.
    await sync(t.app, 'receipt-batches', device('second'), [{ ...forgotten, closedAt: now.toISOString() }]);
    expect((await dashboard('first')).count).toBe(0);
  });

  it('reads STALE_BATCH_DAYS from the environment: seven days by default, a whole number from 1 to 365', () => {
    expect(loadConfig({}).desk.staleBatchDays).toBe(7);
    expect(loadConfig({ STALE_BATCH_DAYS: '14' }).desk.staleBatchDays).toBe(14);
    expect(() => loadConfig({ STALE_BATCH_DAYS: '0' })).toThrow(/STALE_BATCH_DAYS/);
    expect(() => loadConfig({ STALE_BATCH_DAYS: 'week' })).toThrow(/STALE_BATCH_DAYS/);
  });
});
