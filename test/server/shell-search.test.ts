import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTransaction } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

describe('advanced search and dashboard, always scoped', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;
  const clock = new Date('2026-03-15T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
    const db = t.database.db;
    const a = await createMember(db, { institutionId: w.churchA.id, firstName: 'Neema', lastName: 'Mushi', code: 'MWG-001', phone: '+255712000111' });
    const b = await createMember(db, { institutionId: w.churchB.id, firstName: 'Neema', lastName: 'Kweka', code: 'SNZ-001', phone: '+255712000222' });
    const m = await createMember(db, { institutionId: w.mosque.id, firstName: 'Neema', lastName: 'Salim', code: 'KRK-001', phone: '+255712000333' });
    const at = (day: string) => new Date(`2026-${day}T09:00:00Z`);
    await createTransaction(db, { institutionId: w.churchA.id, memberId: a.id, amount: 5000, referenceNo: 'NEE-A-1', payerPhone: a.phone, completedAt: at('03-10'), createdAt: at('03-10'), receivedAt: at('03-10') });
    await createTransaction(db, { institutionId: w.churchA.id, memberId: a.id, amount: 7000, method: 'cash', referenceNo: 'NEE-A-2', completedAt: at('01-05'), createdAt: at('01-05'), receivedAt: at('01-05') });
    await createTransaction(db, { institutionId: w.churchA.id, memberId: a.id, amount: 900, status: 'pending', referenceNo: 'NEE-A-3', createdAt: at('03-12'), receivedAt: at('03-12') });
    await createTransaction(db, { institutionId: w.churchB.id, memberId: b.id, amount: 3000, referenceNo: 'NEE-B-1', completedAt: at('03-11'), createdAt: at('03-11'), receivedAt: at('03-11') });
    await createTransaction(db, { institutionId: w.mosque.id, memberId: m.id, amount: 11000, referenceNo: 'NEE-M-1', completedAt: at('02-01'), createdAt: at('02-01'), receivedAt: at('02-01') });
  });
  afterAll(() => t.close());

  const search = (role: Role, kind: 'Member' | 'Transaction', value: string, limit = 7, offset = 0) =>
    t.app.inject({ method: 'POST', url: `/api/search${kind}/${limit}/${offset}`, headers: headers[role], payload: { value } });
  const names = (body: { data: Array<{ names?: string; member?: string }> }) => body.data.map((d) => d.names ?? d.member).sort();

  it('a church user never sees another church’s members or transactions', async () => {
    const members = (await search('church', 'Member', 'neema')).json();
    expect(members).toMatchObject({ count: 1, data: [{ names: 'Neema Mushi', code: 'MWG-001', institution: 'Mwenge Church' }] });
    const trx = (await search('church', 'Transaction', 'NEE-')).json();
    expect(trx.count).toBe(3);
    expect(trx.data.every((d: { member: string }) => d.member === 'Neema Mushi')).toBe(true);
    expect((await search('churchB', 'Member', 'MWG-0')).json().count).toBe(0);
    expect((await search('churchB', 'Transaction', 'NEE-A')).json().count).toBe(0);
  });

  it('a union user sees its whole tree, a branch user its branch, an admin its active religion', async () => {
    expect(names((await search('union', 'Member', 'Neema')).json())).toEqual(['Neema Kweka', 'Neema Mushi']);
    expect(names((await search('branch', 'Member', 'Neema')).json())).toEqual(['Neema Kweka', 'Neema Mushi']);
    expect(names((await search('mosque', 'Member', 'Neema')).json())).toEqual(['Neema Salim']);
    expect((await search('admin', 'Member', 'Neema')).json().count).toBe(3);
  });

  it('matches by phone fragment, code, last name and transaction reference; pages with limit/offset', async () => {
    expect((await search('admin', 'Member', '0712000222')).json().data[0].names).toBe('Neema Kweka');
    expect((await search('admin', 'Member', 'krk-0')).json().data[0].names).toBe('Neema Salim');
    expect((await search('admin', 'Member', 'Salim')).json().count).toBe(1);
    expect((await search('admin', 'Transaction', '712000111')).json().count).toBe(1);
    const page = (await search('admin', 'Transaction', 'NEE', 2, 2)).json();
    expect(page.count).toBe(5);
    expect(page.data).toHaveLength(2);
    expect((await search('admin', 'Member', '%%%')).json().count).toBe(0);
  });

  it('rejects search text under 3 characters with a localised 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/searchMember/7/0', headers: { ...headers.admin, lang: 'en' }, payload: { value: 'ab' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Search');
  });

  it('dashboard summary aggregates completed transactions in scope', async () => {
    const church = (await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: headers.church })).json();
    expect(church).toMatchObject({
      collectedThisMonth: { amount: 5000, currency: 'TZS' },
      collectedThisYear: { amount: 12000, currency: 'TZS' },
      transactionsThisMonth: 1,
      pendingTransactions: 1,
      members: 1,
      institutions: 1,
    });
    expect(church.byMonth).toHaveLength(12);
    expect(church.byMonth.at(-1)).toEqual({ month: '2026-03', amount: 5000 });
    expect(church.byMonth.at(-3)).toEqual({ month: '2026-01', amount: 7000 });
    expect(church.byMethod).toEqual(expect.arrayContaining([{ method: 'cash', amount: 7000, count: 1 }, { method: 'mobile', amount: 5000, count: 1 }]));
    expect(church.recent.map((r: { reference: string }) => r.reference)).toEqual(['NEE-A-1', 'NEE-A-2']);

    const union = (await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: headers.union })).json();
    expect(union).toMatchObject({ collectedThisYear: { amount: 15000 }, members: 2, institutions: 5 });
    expect(union.byInstitution[0]).toEqual({ id: w.churchA.id, institution: 'Mwenge Church', amount: 12000 });

    const admin = (await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: headers.admin })).json();
    expect(admin).toMatchObject({ scope: 'all', collectedThisYear: { amount: 26000 }, institutions: 6 });
    // The bank admin's month, method, pending and chart figures come from the unscoped rollup (migration 0018).
    expect(admin).toMatchObject({ collectedThisMonth: { amount: 8000, currency: 'TZS' }, transactionsThisMonth: 2, pendingTransactions: 1, members: 3 });
    expect(admin.byMonth.slice(-3)).toEqual([
      { month: '2026-01', amount: 7000 },
      { month: '2026-02', amount: 11000 },
      { month: '2026-03', amount: 8000 },
    ]);
    expect(admin.byMethod).toEqual(expect.arrayContaining([{ method: 'cash', amount: 7000, count: 1 }, { method: 'mobile', amount: 19000, count: 3 }]));
    expect(admin.byInstitution.slice(0, 2)).toEqual([
      { id: w.churchA.id, institution: 'Mwenge Church', amount: 12000 },
      { id: w.mosque.id, institution: 'Kariakoo Mosque', amount: 11000 },
    ]);
  });

  // Last: its giving would change the dashboard's figures above.
  it('finds a phone fragment anywhere in the payer phone, after the phone is added or changed (migration 0047)', async () => {
    const db = t.database.db;
    const tx = await createTransaction(db, { institutionId: w.churchA.id, amount: 100, referenceNo: 'PHN-1', payerPhone: '+255689012345', completedAt: new Date('2026-03-01T09:00:00Z') });
    const found = async (fragment: string) => (await search('admin', 'Transaction', fragment)).json().data.map((d: { id: string }) => d.id);
    expect(await found('0689012345')).toEqual([tx.id]);
    expect(await found('9012')).toEqual([tx.id]);
    expect(await found('345')).toContain(tx.id);
    await t.database.raw.query(`update transactions set payer_phone = '+255699111222' where id = $1`, [tx.id]);
    expect(await found('9012')).toEqual([]);
    expect(await found('99111')).toEqual([tx.id]);
    expect((await search('churchB', 'Transaction', '99111')).json().count).toBe(0);
    expect((await search('church', 'Transaction', '99111')).json().count).toBe(1);
  });
});
