import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRequests } from '../../server/db/schema/approvals';
import { smsTopups } from '../../server/db/schema/messaging';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

describe('the layout calls (spec section 7)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
    const db = t.database.db;
    await db.insert(smsTopups).values([
      { institutionId: w.churchA.id, amount: 100, createdBy: w.users.admin.id },
      { institutionId: w.mosque.id, amount: 50, createdBy: w.users.admin.id },
    ]);
    await db.insert(approvalRequests).values([
      { type: 'application', subject: 'a1', payload: {}, branchId: w.branch.id, religionId: w.christian.id },
      { type: 'bank-account', subject: 'b1', payload: {}, branchId: w.branch.id, religionId: w.christian.id },
      { type: 'bank-user', subject: 'u1', payload: {}, branchId: w.otherBranch.id, religionId: w.islam.id },
      { type: 'user-edit', subject: 'e1', payload: {}, branchId: w.otherBranch.id, religionId: w.islam.id },
      { type: 'sms-topup', subject: 's1', payload: {}, branchId: w.branch.id, religionId: w.christian.id },
      { type: 'application', subject: 'a2', payload: {}, status: 'approved', branchId: w.branch.id, religionId: w.christian.id },
    ]);
  });
  afterAll(() => t.close());

  const call = (role: Role, method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') =>
    t.app.inject({ method, url, headers: { ...headers[role], lang }, ...(payload ? { payload } : {}) });

  it('generateMenu builds the menu from grants, localised, and only for the caller', async () => {
    const admin = (await call('admin', 'GET', `/api/generateMenu/${w.users.admin.id}`)).json();
    expect(admin[0]).toEqual({ key: 'dashboard', icon: 'dashboard', text: 'Dashboard', target: '/dashboard' });
    const keys = admin.map((item: { key: string }) => item.key);
    expect(keys).toEqual(expect.arrayContaining(['requests', 'users', 'settings', 'activities', 'logViewer']));
    expect(keys).not.toContain('cashReceipts');
    const church = (await call('church', 'GET', `/api/generateMenu/${w.users.church.id}`)).json();
    expect(church[0].target).toBe('/entityDashboard');
    const payments = church.find((item: { key: string }) => item.key === 'payments');
    expect(payments.children.map((c: { target: string }) => c.target)).toEqual(['/transactions', '/push', '/push/pending', '/quick-payments']);
    expect(church.map((i: { key: string }) => i.key)).not.toContain('requests');
    const other = await call('church', 'GET', `/api/generateMenu/${w.users.admin.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You have no permission to perform this task');
  });

  it('smsTopUpHistory totals the scope: bank staff and union users only', async () => {
    const admin = (await call('admin', 'POST', '/api/smsTopUpHistory/1', {})).json();
    expect(admin).toMatchObject({ smsLeft: 100 + 40 + 10 + 7, smsCap: 500 + 100 + 50 + 20, count: 2 });
    const union = (await call('union', 'POST', '/api/smsTopUpHistory/1')).json();
    expect(union).toMatchObject({ smsLeft: 150, smsCap: 650, count: 1 });
    expect(union.data[0]).toMatchObject({ institution: 'Mwenge Church', amount: 100, createdBy: w.users.admin.name });
    const searched = (await call('admin', 'POST', '/api/smsTopUpHistory/1', { search: 'kariakoo' })).json();
    expect(searched.count).toBe(1);
    expect((await call('church', 'POST', '/api/smsTopUpHistory/1', {})).statusCode).toBe(403);
    expect((await call('mosque', 'POST', '/api/smsTopUpHistory/1', {})).statusCode).toBe(403);
  });

  it('getReligion lists religions in the request language (entity users see their own)', async () => {
    expect((await call('admin', 'GET', '/api/getReligion', undefined, 'sw')).json().data).toEqual([
      { value: w.christian.id, text: 'Ukristo' },
      { value: w.islam.id, text: 'Uislamu' },
    ]);
    expect((await call('mosque', 'GET', '/api/getReligion')).json().data).toEqual([{ value: w.islam.id, text: 'Islam' }]);
  });

  it('getEntityTypeCount says whether offerings are self-managed', async () => {
    expect((await call('church', 'GET', '/api/getEntityTypeCount/1')).json()).toEqual({ value: 1 });
    expect((await call('churchB', 'GET', '/api/getEntityTypeCount/1')).json()).toEqual({ value: 0 });
    expect((await call('admin', 'GET', '/api/getEntityTypeCount/1')).json()).toEqual({ value: 0 });
  });

  it('getTotalPendingRegistration counts waiting requests by type, scoped', async () => {
    expect((await call('admin', 'GET', '/api/getTotalPendingRegistration')).json()).toEqual({ total: 5, account: 1, registration: 1, user: 1, userEdit: 1, smsTopUp: 1 });
    expect((await call('branch', 'GET', '/api/getTotalPendingRegistration')).json()).toEqual({ total: 3, account: 1, registration: 1, user: 0, userEdit: 0, smsTopUp: 1 });
    expect((await call('church', 'GET', '/api/getTotalPendingRegistration')).statusCode).toBe(403);
  });

  it('setReligion: bank admin only, 404 for an unknown religion, and it scopes what follows', async () => {
    expect((await call('branch', 'POST', '/api/setReligion', { religionId: w.islam.id })).statusCode).toBe(403);
    expect((await call('admin', 'POST', '/api/setReligion', { religionId: 999_999 })).statusCode).toBe(404);
    const set = await call('admin', 'POST', '/api/setReligion', { religionId: w.islam.id });
    expect(set.json()).toEqual({ religionId: w.islam.id });
    expect((await call('admin', 'GET', '/api/profile')).json()).toMatchObject({ religionId: w.islam.id, religion: 'Islam' });
    expect((await call('admin', 'GET', '/api/getTotalPendingRegistration')).json()).toMatchObject({ total: 2, user: 1, userEdit: 1 });
    expect((await call('admin', 'POST', '/api/smsTopUpHistory/1', {})).json()).toMatchObject({ smsLeft: 7, smsCap: 20, count: 1 });
    await call('admin', 'POST', '/api/setReligion', { religionId: w.christian.id });
  });

  it('logout is among the calls and answers a message', async () => {
    const s = await signIn(t.app, w.users.mosque);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { ...s.headers, lang: 'sw' } });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().message).toBe('string');
  });
});
