import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../server/db/schema/approvals';
import { referrers } from '../../server/db/schema/institutions';
import { currencies } from '../../server/db/schema/reference';
import { dayOf } from '../../domain/calendar';
import { createTransaction } from '../factories/giving';
import { createInstitution } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

describe('reference data, referrers, reports, logs and the bank dashboard', () => {
  let t: TestApp;
  let w: World;
  const h = {} as Record<'admin' | 'branch' | 'union', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await db.insert(currencies).values({ territory: 'Tanzania', alphaCode: 'TZS', numericCode: '834', value: '1.0000' });
    await db.insert(referrers).values([
      { kind: 'staff', name: 'Asha Staff', employeeNo: 'EMP001', referralCode: 'REF700', branchId: w.branch.id },
      { kind: 'freelancer', name: 'Juma Free', phone: '+255754700001', referralCode: 'REF701' },
    ]);
    await createInstitution(db, { religionId: w.christian.id, levelId: w.churchA.levelId, parent: w.district, title: '=Referred Church', referralCode: 'REF700', registrationChannel: 'online' });
    await createInstitution(db, { religionId: w.christian.id, levelId: w.churchA.levelId, parent: w.district, title: 'Second Referred', referralCode: 'REF701' });
    await db.insert(registrations).values([
      { status: 'submitted', applicantPhone: '+255713300001', data: { institution: { title: 'Waiting Church' } }, branchId: w.branch.id, religionId: w.christian.id },
      { status: 'rejected', applicantPhone: '+255713300002', data: {}, rejectionReason: 'Unsigned form', branchId: w.otherBranch.id, religionId: w.islam.id },
    ]);
    await createTransaction(db, { institutionId: w.churchA.id, amount: 50_000, completedAt: new Date() });
    await createTransaction(db, { institutionId: w.mosque.id, amount: 7_000, completedAt: new Date() });
    h.admin = { ...(await signIn(t.app, w.users.admin)).headers, lang: 'en' };
    h.branch = { ...(await signIn(t.app, w.users.branch)).headers, lang: 'en' };
    h.union = { ...(await signIn(t.app, w.users.union)).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const call = (who: keyof typeof h, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });

  it('branches: name and short code, unique, audited; branch staff may read, not write', async () => {
    const made = await call('admin', 'POST', '/api/branches', { name: 'Tanga', shortCode: 'tng' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Tanga', shortCode: 'TNG' });
    const dup = await call('admin', 'POST', '/api/branches', { name: 'Tanga 2', shortCode: 'TNG' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Short code is already in use');
    expect((await call('admin', 'PATCH', `/api/branches/${made.json().id}`, { name: 'Tanga Town' })).json().name).toBe('Tanga Town');
    expect((await call('branch', 'GET', '/api/branches')).json().data.map((b: { shortCode: string }) => b.shortCode)).toContain('TNG');
    expect((await call('branch', 'POST', '/api/branches', { name: 'X', shortCode: 'XX' })).statusCode).toBe(403);
    expect((await call('union', 'GET', '/api/branches')).statusCode).toBe(403);
  });

  it('currencies keep 4 decimals and record who set the value and when', async () => {
    const made = await call('admin', 'POST', '/api/settings/currencies', { territory: 'Zambia', alphaCode: 'zmw', numericCode: '967', value: '98.5' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ alphaCode: 'ZMW', value: '98.5000', valueSetById: w.users.admin.id, valueSetBy: w.users.admin.name });
    const bad = await call('admin', 'PATCH', `/api/settings/currencies/${made.json().id}`, { value: '1.23456' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a positive value with at most 4 decimals');
    expect((await call('admin', 'PATCH', `/api/settings/currencies/${made.json().id}`, { value: '0' })).statusCode).toBe(400);
    const updated = await call('admin', 'PATCH', `/api/settings/currencies/${made.json().id}`, { value: '99.1234' });
    expect(updated.json().value).toBe('99.1234');
    expect((await call('admin', 'GET', '/api/settings/currencies')).json().data.map((c: { alphaCode: string }) => c.alphaCode)).toEqual(['TZS', 'ZMW']);
    expect((await call('branch', 'GET', '/api/settings/currencies')).statusCode).toBe(403);
  });

  it('role groups show features, actions, location level and maker-checker; admins can add one', async () => {
    const list = (await call('admin', 'GET', '/api/role-groups')).json().data;
    const officer = list.find((g: { name: string }) => g.name === 'Branch Officer');
    expect(officer).toMatchObject({ userType: 'bank', locationLevel: 'branch', makerChecker: true });
    expect(officer.features).toEqual(expect.arrayContaining([{ feature: 'requests', actions: ['view', 'create', 'update'] }]));
    const made = await call('admin', 'POST', '/api/role-groups', { name: 'Auditor', userType: 'bank', locationLevel: 'bank', makerChecker: true, features: [{ feature: 'activities', actions: ['view', 'export'] }] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().features).toEqual([{ feature: 'activities', actions: ['view', 'export'] }]);
    expect((await call('admin', 'GET', '/api/features')).json().features).toContain('requests');
    expect((await call('branch', 'GET', '/api/role-groups')).statusCode).toBe(403);
  });

  it('the /users form gets the bank role groups it may assign, names only, branch staff included', async () => {
    const answer = await call('branch', 'GET', '/api/users/role-groups');
    expect(answer.statusCode, answer.body).toBe(200);
    const groups = answer.json().data as Array<Record<string, unknown>>;
    expect(groups.map((group) => group.name)).toEqual(expect.arrayContaining(['Branch Officer']));
    expect(groups.every((group) => Object.keys(group).sort().join() === 'id,locationLevel,name')).toBe(true);
    const entityGroups = (await call('admin', 'GET', '/api/role-groups')).json().data.filter((g: { userType: string }) => g.userType === 'entity');
    expect(entityGroups.length).toBeGreaterThan(0);
    for (const entity of entityGroups) expect(groups.map((group) => group.id)).not.toContain(entity.id);
    expect((await call('union', 'GET', '/api/users/role-groups')).statusCode).toBe(403);
  });

  it('referrers: staff need an employee number, freelancers a phone', async () => {
    const bad = await call('admin', 'POST', '/api/referrers', { kind: 'staff', name: 'No Number' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Staff referrers need an employee number; freelancers need a phone number');
    const made = await call('admin', 'POST', '/api/referrers', { kind: 'freelancer', name: 'Mary Free', phone: '+255754700002' });
    expect(made.json()).toMatchObject({ kind: 'freelancer', phone: '+255754700002', employeeNo: null, referralCode: expect.stringMatching(/^REF\d{6}$/) });
    expect((await call('branch', 'GET', '/api/referrers?kind=staff')).json().data.map((r: { referralCode: string }) => r.referralCode)).toEqual(['REF700']);
  });

  it('referral report as JSON, CSV (formula-safe), XLSX and PDF', async () => {
    const json = (await call('admin', 'GET', '/api/reports/referrals')).json();
    expect(json.totals).toEqual(
      expect.arrayContaining([
        { referralCode: 'REF700', referrer: 'Asha Staff', count: 1 },
        { referralCode: 'REF701', referrer: 'Juma Free', count: 1 },
      ]),
    );
    expect(json.data.find((r: { referralCode: string }) => r.referralCode === 'REF700')).toMatchObject({ referrerKind: 'staff', referrerId: 'EMP001', institution: '=Referred Church' });
    const csv = await call('admin', 'GET', '/api/reports/referrals?format=csv&referralCode=ref700');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="referrals.csv"');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[0]).toBe('Referral code,Referrer,Staff or freelancer,Employee number or phone,Institution,Code,Branch,Registration channel,Date');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=Referred Church");
    const xlsx = await call('admin', 'GET', '/api/reports/referrals?format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('Referral code');
    expect(book.worksheets[0]!.rowCount).toBe(1 + json.data.length);
    const pdf = await call('admin', 'GET', '/api/reports/referrals?format=pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('union', 'GET', '/api/reports/referrals')).json().data).toHaveLength(2);
  });

  it('registration report and summary are scoped: branch staff see their branch only', async () => {
    const admin = (await call('admin', 'GET', '/api/reports/registrations')).json();
    expect(admin.byStatus).toMatchObject({ submitted: 1, rejected: 1 });
    const branch = (await call('branch', 'GET', '/api/reports/registrations')).json();
    expect(branch.data.map((r: { title: string | null }) => r.title)).toEqual(['Waiting Church']);
    expect((await call('admin', 'GET', '/api/reports/registrations?status=rejected')).json().data[0]).toMatchObject({ rejectionReason: 'Unsigned form' });
    const csv = await call('admin', 'GET', '/api/reports/registrations?format=csv');
    expect(csv.body).toContain('Unsigned form');
  });

  it('activity log search and the session log', async () => {
    const activities = (await call('admin', 'GET', '/api/activities?action=branch.')).json();
    expect(activities.data.some((a: { action: string; userId: number }) => a.action === 'branch.created' && a.userId === w.users.admin.id)).toBe(true);
    const logins = (await call('admin', 'GET', `/api/activities?action=auth.login&userId=${w.users.branch.id}`)).json();
    expect(logins.data[0]).toMatchObject({ action: 'auth.login', ipAddress: '127.0.0.1', userName: w.users.branch.name });
    const branchView = (await call('branch', 'GET', '/api/activities?limit=500')).json();
    expect(branchView.data.every((a: { userId: number }) => a.userId !== w.users.admin.id)).toBe(true);
    const sessions = (await call('admin', 'GET', `/api/log-viewer?userId=${w.users.branch.id}`)).json();
    expect(sessions.data[0]).toMatchObject({ userId: w.users.branch.id, ipAddress: '127.0.0.1', state: 'active', sessionId: expect.any(String), lastAccess: expect.any(String) });
    expect((await call('branch', 'GET', '/api/log-viewer')).statusCode).toBe(403);
  });

  it('bank dashboard: registrations by state, pending approvals, collections by branch and religion', async () => {
    const body = (await call('admin', 'GET', '/api/back-office/dashboard')).json();
    expect(body.registrationsByStatus).toMatchObject({ submitted: 1, rejected: 1, completed: 0 });
    expect(body.pendingApprovals).toEqual((await call('admin', 'GET', '/api/getTotalPendingRegistration')).json());
    expect(body.collectionsByReligion).toEqual([
      { religionId: w.christian.id, religion: 'Christianity', amount: 50_000, count: 1 },
      { religionId: w.islam.id, religion: 'Islam', amount: 7_000, count: 1 },
    ]);
    expect(body.collectionsByBranch.find((b: { branchId: number }) => b.branchId === w.otherBranch.id)).toMatchObject({ amount: 7_000 });
    const branch = (await call('branch', 'GET', '/api/back-office/dashboard')).json();
    expect(branch.collectionsByReligion).toEqual([{ religionId: w.christian.id, religion: 'Christianity', amount: 50_000, count: 1 }]);
    expect((await call('union', 'GET', '/api/back-office/dashboard')).statusCode).toBe(403);

    // Every figure links to the list behind it (src/features/dashboard/bank-overview.tsx): the
    // transactions of that branch (0: none) or religion, completed, this year so far in East Africa.
    const today = dayOf(new Date());
    const listed = async (who: 'admin' | 'branch', filter: string) => {
      const res = await call(who, 'GET', `/api/transactions?status=completed&range=custom&from=${today.slice(0, 4)}-01-01&to=${today}&${filter}`);
      expect(res.statusCode, res.body).toBe(200);
      const tzs = (res.json() as { totals: Array<{ currency: string; amount: number; count: number }> }).totals.find((x) => x.currency === 'TZS');
      return { amount: tzs?.amount ?? 0, count: tzs?.count ?? 0 };
    };
    for (const [who, dashboard] of [['admin', body], ['branch', branch]] as const) {
      for (const row of dashboard.collectionsByBranch as Array<{ branchId: number | null; amount: number; count: number }>)
        expect(await listed(who, `branchId=${row.branchId ?? 0}`), `${who} branch ${row.branchId}`).toEqual({ amount: row.amount, count: row.count });
      for (const row of dashboard.collectionsByReligion as Array<{ religionId: number; amount: number; count: number }>)
        expect(await listed(who, `religionId=${row.religionId}`), `${who} religion ${row.religionId}`).toEqual({ amount: row.amount, count: row.count });
    }
    expect(await listed('admin', `religionId=${w.islam.id}`)).toEqual({ amount: 7_000, count: 1 });
  });

  it('bank accounts list is scoped to the caller', async () => {
    const { bankAccounts } = await import('../../server/db/schema/institutions');
    await t.database.db.insert(bankAccounts).values([
      { institutionId: w.churchA.id, accountNumber: '0101888000001', accountName: 'MWENGE', status: 'activated', branchId: w.branch.id },
      { institutionId: w.mosque.id, accountNumber: '0101888000002', accountName: 'KARIAKOO', status: 'activated', branchId: w.otherBranch.id },
    ]);
    expect((await call('admin', 'GET', '/api/bank-accounts')).json().count).toBe(2);
    expect((await call('branch', 'GET', '/api/bank-accounts')).json().data.map((a: { accountName: string }) => a.accountName)).toEqual(['MWENGE']);
  });
});
