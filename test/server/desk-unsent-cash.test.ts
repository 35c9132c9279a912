import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UnsentCashGroup, UnsentCashList } from '../../domain/api/unsent-cash';
import { unsentCashReports } from '../../server/db/schema/unsent-cash';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Who = 'church' | 'second' | 'churchB' | 'union' | 'mosque' | 'admin';

/**
 * Issue 16: devices report the cash receipts still in their outbox; the dashboard shows, in the
 * viewer's scope, who holds how much unsent and since when, as last reported. A report replaces the
 * device's previous one for that user (idempotent), a report of nothing removes it, a report older
 * than 30 days is stale, and nobody reports for a congregation outside their own scope.
 */
describe('unsent cash: device reports and the dashboard', () => {
  let t: TestApp;
  let w: World;
  let clock: Date | null = null;
  const headers = {} as Record<Who, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock ?? new Date() });
    w = await createWorld(t.database.db);
    const second = await createUser(t.database.db, { role: 'Church Treasurer', institutionId: w.churchA.id, name: 'Rehema Second' });
    for (const [who, user] of Object.entries({ ...w.users, second }) as Array<[string, { username: string; password: string }]>) {
      if (['church', 'second', 'churchB', 'union', 'mosque', 'admin'].includes(who)) headers[who as Who] = (await signIn(t.app, user)).headers;
    }
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock = null;
    await t.database.db.delete(unsentCashReports);
  });

  const group = (overrides: Partial<UnsentCashGroup> = {}): UnsentCashGroup => ({
    institutionId: w.churchA.id,
    currency: 'TZS',
    receipts: 2,
    held: 0,
    amount: 1_500_000,
    oldestAt: '2026-11-20T07:30:00+03:00',
    ...overrides,
  });
  const report = (who: Who, body: unknown, lang = 'en') => t.app.inject({ method: 'POST', url: '/api/devices/unsent-cash', headers: { ...headers[who], lang }, payload: body as object });
  const dashboard = async (who: Who): Promise<UnsentCashList> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/unsent-cash', headers: { ...headers[who], lang: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as UnsentCashList;
  };
  const stored = () => t.database.db.select().from(unsentCashReports).orderBy(unsentCashReports.deviceId, unsentCashReports.currency);

  it('shows a report to those whose scope holds the church, with who, how many, how much, since when and as of when', async () => {
    clock = new Date('2026-11-28T09:00:00Z');
    const res = await report('church', { deviceId: 'K7Q2M', groups: [group(), group({ currency: 'USD', receipts: 1, held: 1, amount: 5_000, oldestAt: '2026-11-21T10:00:00Z' })] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reportedAt: '2026-11-28T09:00:00.000Z', receipts: 3 });

    for (const who of ['union', 'church', 'second', 'admin'] as const) {
      expect(await dashboard(who), who).toEqual({
        staleDays: 30,
        count: 1,
        devices: [
          {
            deviceId: 'K7Q2M',
            user: { id: w.users.church.id, name: w.users.church.name },
            institution: { id: w.churchA.id, title: 'Mwenge Church' },
            receipts: 3,
            held: 1,
            totals: [
              { currency: 'TZS', amount: 1_500_000 },
              { currency: 'USD', amount: 5_000 },
            ],
            oldestAt: '2026-11-20T04:30:00.000Z',
            reportedAt: '2026-11-28T09:00:00.000Z',
            stale: false,
          },
        ],
      });
    }
    // Another church and another religion's mosque see nothing of it.
    expect(await dashboard('churchB')).toEqual({ staleDays: 30, count: 0, devices: [] });
    expect(await dashboard('mosque')).toEqual({ staleDays: 30, count: 0, devices: [] });
  });

  it('is idempotent per device and user: the same report twice leaves the same rows, a new one replaces them, nothing left removes the device', async () => {
    const body = { deviceId: 'K7Q2M', groups: [group()] };
    expect((await report('church', body)).statusCode).toBe(200);
    const first = await stored();
    expect((await report('church', body)).statusCode).toBe(200);
    const again = await stored();
    expect(again.map(({ reportedAt: _, ...row }) => row)).toEqual(first.map(({ reportedAt: _, ...row }) => row));
    expect(again).toHaveLength(1);

    // A later report (one receipt synced meanwhile) replaces the figures, it does not add to them.
    expect((await report('church', { deviceId: 'K7Q2M', groups: [group({ receipts: 1, amount: 500_000 })] })).statusCode).toBe(200);
    expect((await dashboard('union')).devices.map((row) => [row.receipts, row.totals])).toEqual([[1, [{ currency: 'TZS', amount: 500_000 }]]]);

    // Another user on the same device and another device of the same user are their own rows.
    expect((await report('second', { deviceId: 'K7Q2M', groups: [group({ receipts: 4, amount: 40_000, oldestAt: '2026-11-01T08:00:00Z' })] })).statusCode).toBe(200);
    expect((await report('church', { deviceId: 'ZZ9P0', groups: [group({ receipts: 1, amount: 100 })] })).statusCode).toBe(200);
    const three = await dashboard('union');
    expect(three.count).toBe(3);
    // The oldest unsent first.
    expect(three.devices.map((row) => [row.deviceId, row.user.name, row.receipts])).toEqual([
      ['K7Q2M', 'Rehema Second', 4],
      ['K7Q2M', w.users.church.name, 1],
      ['ZZ9P0', w.users.church.name, 1],
    ]);

    // Synced: the device reports nothing left, and only its own row goes.
    const zero = await report('church', { deviceId: 'K7Q2M', groups: [] });
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toMatchObject({ receipts: 0 });
    expect((await dashboard('union')).devices.map((row) => [row.deviceId, row.user.name])).toEqual([
      ['K7Q2M', 'Rehema Second'],
      ['ZZ9P0', w.users.church.name],
    ]);
    // Repeating the empty report is harmless.
    expect((await report('church', { deviceId: 'K7Q2M', groups: [] })).statusCode).toBe(200);
    expect(await stored()).toHaveLength(2);
  });

  it('marks a report not renewed for 30 days as stale', async () => {
    clock = new Date('2026-10-01T08:00:00Z');
    await report('church', { deviceId: 'K7Q2M', groups: [group()] });
    clock = new Date('2026-10-31T07:59:00Z');
    expect((await dashboard('union')).devices[0]).toMatchObject({ stale: false, reportedAt: '2026-10-01T08:00:00.000Z' });
    clock = new Date('2026-10-31T08:01:00Z');
    expect((await dashboard('union')).devices[0]).toMatchObject({ stale: true, reportedAt: '2026-10-01T08:00:00.000Z' });
  });

  it('refuses a bad report with a localised 400 and changes nothing', async () => {
    await report('church', { deviceId: 'K7Q2M', groups: [group()] });
    const before = await stored();
    const bad: Array<[string, unknown, string]> = [
      ['device id in lower case', { deviceId: 'k7q2m', groups: [] }, 'Device is not valid'],
      ['device id with a letter Crockford leaves out', { deviceId: 'K7Q2I', groups: [] }, 'Device is not valid'],
      ['no device id', { groups: [] }, 'Device can not be empty'],
      ['no groups', { deviceId: 'K7Q2M' }, 'Unsent receipts can not be empty'],
      ['a group twice', { deviceId: 'K7Q2M', groups: [group(), group({ receipts: 1 })] }, 'Each institution and currency may appear only once in a report'],
      ['more held than receipts', { deviceId: 'K7Q2M', groups: [group({ held: 3 })] }, 'Receipts waiting for a fix cannot be more than the receipts'],
      ['no receipts in a group', { deviceId: 'K7Q2M', groups: [group({ receipts: 0 })] }, 'Receipts is not valid'],
      ['a fraction of a minor unit', { deviceId: 'K7Q2M', groups: [group({ amount: 10.5 })] }, 'Amount needs to be digits'],
      ['a negative amount', { deviceId: 'K7Q2M', groups: [group({ amount: -1 })] }, 'Amount is not valid'],
      ['a currency in lower case', { deviceId: 'K7Q2M', groups: [group({ currency: 'tzs' })] }, 'Currency is not valid'],
      ['a time without its offset', { deviceId: 'K7Q2M', groups: [group({ oldestAt: '2026-11-20 07:30' })] }, 'Oldest receipt is not valid'],
      ['a field the contract does not have', { deviceId: 'K7Q2M', groups: [], userId: w.users.churchB.id }, ''],
      ['too many groups', { deviceId: 'K7Q2M', groups: Array.from({ length: 51 }, (_, i) => group({ currency: `A${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}` })) }, ''],
    ];
    for (const [name, body, message] of bad) {
      const res = await report('church', body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const answer = res.json() as { statusCode: number; code: string; message: string };
      expect(answer, name).toMatchObject({ statusCode: 400, code: 'validation' });
      if (message) expect(answer.message, name).toBe(message);
    }
    // In the caller's language (Swahili by default).
    const sw = await report('church', { deviceId: 'K7Q2M', groups: [group({ currency: 'tzs' })] }, 'sw');
    expect(sw.statusCode).toBe(400);
    expect(sw.json()).toMatchObject({ message: 'Sarafu si sahihi' });
    expect(await stored()).toEqual(before);
  });

  it('refuses a report naming a congregation outside the caller’s scope, or from a role that records no receipts, and stores none of it', async () => {
    await report('church', { deviceId: 'K7Q2M', groups: [group()] });
    const before = await stored();
    // Church A's treasurer for church B (with church A in the same report): refused whole.
    const other = await report('church', { deviceId: 'K7Q2M', groups: [group({ receipts: 9 }), group({ institutionId: w.churchB.id })] });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ statusCode: 403, message: 'You can not record for this institution' });
    expect((await report('church', { deviceId: 'K7Q2M', groups: [group({ institutionId: w.churchB.id })] }, 'sw')).json()).toMatchObject({ message: 'Huwezi kurekodi kwa taasisi hii' });
    // An institution that does not exist looks the same as one out of scope.
    expect((await report('church', { deviceId: 'K7Q2M', groups: [group({ institutionId: 999_999 })] })).statusCode).toBe(403);
    // The union oversees church A but records no receipts; the mosque's treasurer is another tree.
    expect((await report('union', { deviceId: 'K7Q2M', groups: [group()] })).statusCode).toBe(403);
    expect((await report('mosque', { deviceId: 'K7Q2M', groups: [group()] })).statusCode).toBe(403);
    // Nobody signed in.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/devices/unsent-cash', payload: { deviceId: 'K7Q2M', groups: [] } });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
    // An empty report of another user's device id removes only the caller's own rows (none here).
    expect((await report('churchB', { deviceId: 'K7Q2M', groups: [] })).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
    expect(await t.database.db.select().from(unsentCashReports).where(eq(unsentCashReports.userId, w.users.church.id))).toHaveLength(1);
  });
});
