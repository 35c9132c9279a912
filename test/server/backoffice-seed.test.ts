import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeeded } from '../../server/db/seed/ensure-seeded';
import { bankAccounts, institutions } from '../../server/db/schema/institutions';
import { users } from '../../server/db/schema/users';
import { signIn } from '../factories/sign-in';
import { createTestApp, type TestApp } from './harness';

const PASSWORD = 'Sadaka@2026';

// The demo's pending requests must be real commands: approving each one executes its payload.
describe('the demo seed’s pending requests (made by `branch`) are approvable as stored', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let branch: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureSeeded(t.database, { demoPassword: PASSWORD, now: new Date() });
    admin = { ...(await signIn(t.app, { username: 'admin', password: PASSWORD })).headers, lang: 'en' };
    branch = { ...(await signIn(t.app, { username: 'branch', password: PASSWORD })).headers, lang: 'en' };
  }, 120_000);
  afterAll(() => t.close());

  it('shows one pending request per tab to the admin, none checkable by their maker', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/requests?status=requested', headers: admin })).json();
    expect(list.counts).toEqual({ total: 4, account: 1, registration: 1, user: 1, userEdit: 1 });
    expect(list.data.every((item: { canCheck: boolean; makerName: string }) => item.canCheck && item.makerName === 'Baraka Mrema')).toBe(true);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/requests?status=requested', headers: branch })).json();
    expect(mine.data.every((item: { canCheck: boolean }) => !item.canCheck)).toBe(true);
  });

  it('approving each executes it: the church, the account, the user and the edit all take effect', async () => {
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
    expect((await t.app.inject({ method: 'GET', url: '/api/getTotalPendingRegistration', headers: admin })).json().total).toBe(0);
  });
});
