import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../server/db/schema/auth';
import { users } from '../../server/db/schema/users';
import { roleGroup } from '../factories/role-groups';
import { signIn } from '../factories/sign-in';
import { createUser, type User } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

describe('bank users (/api/users): approval, bank-domain email, enable/disable, delete with OTP or password', () => {
  let t: TestApp;
  let w: World;
  let checker: User;
  let branchOfficerGroup: number;
  let adminGroup: number;
  const h = {} as Record<'admin' | 'checker' | 'branch', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    checker = await createUser(t.database.db, { role: 'Bank Administrator' });
    branchOfficerGroup = await roleGroup(t.database.db, 'Branch Officer');
    adminGroup = await roleGroup(t.database.db, 'Bank Administrator');
    h.admin = { ...(await signIn(t.app, w.users.admin)).headers, lang: 'en' };
    h.checker = { ...(await signIn(t.app, checker)).headers, lang: 'en' };
    h.branch = { ...(await signIn(t.app, w.users.branch)).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const call = (who: keyof typeof h, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });
  const newUser = (username: string, overrides: object = {}) => ({
    username,
    name: 'Mussa Said',
    email: `${username}@sadakabank.co.tz`,
    phone: '+255754600001',
    roleGroupId: branchOfficerGroup,
    branchId: w.branch.id,
    ...overrides,
  });

  it('requires a bank-domain email, on create and on edit', async () => {
    for (const email of ['mussa@gmail.com', 'mussa@evil-sadakabank.co.tz', 'mussa@sadakabank.co.tz.evil.com']) {
      const res = await call('admin', 'POST', '/api/users', newUser('mussa.said', { email }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message).toBe('Use a valid bank email address ending in @sadakabank.co.tz');
      expect(res.json().fields[0].path).toBe('email');
    }
    const edit = await call('admin', 'PATCH', `/api/users/${w.users.branch.id}`, { email: 'baraka@yahoo.com' });
    expect(edit.statusCode).toBe(400);
    expect((await call('admin', 'POST', '/api/users', newUser('mussa.said', { email: 'not-an-email' }))).json().message).toBe('Enter a valid email address');
  });

  it('never creates or edits an entity user by hand', async () => {
    const create = await call('admin', 'POST', '/api/users', newUser('church.person', { userType: 'entity' }));
    expect(create.statusCode).toBe(422);
    expect(create.json().message).toMatch(/^Church and mosque users cannot be created or edited by hand/);
    const edit = await call('admin', 'PATCH', `/api/users/${w.users.church.id}`, { name: 'Someone Else' });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().code).toBe('unprocessable');
    const [church] = await t.database.db.select().from(users).where(eq(users.id, w.users.church.id));
    expect(church!.name).toBe(w.users.church.name);
  });

  it('branch staff make users only for their own branch and never administrators', async () => {
    expect((await call('branch', 'POST', '/api/users', newUser('branch.made', { roleGroupId: adminGroup, branchId: null }))).statusCode).toBe(403);
    expect((await call('branch', 'POST', '/api/users', newUser('branch.other', { branchId: w.otherBranch.id }))).statusCode).toBe(403);
    const ok = await call('branch', 'POST', '/api/users', newUser('branch.made'));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('a new bank user exists only after a different admin approves; credentials go by SMS and mail; password must change', async () => {
    const made = await call('admin', 'POST', '/api/users', newUser('amina.juma', { phone: '+255754600002' }));
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ requestId: expect.any(Number), status: 'requested' });
    expect(await t.database.db.select().from(users).where(eq(users.username, 'amina.juma'))).toEqual([]);
    expect((await call('admin', 'POST', `/api/requests/${made.json().requestId}/approve`, {})).statusCode).toBe(403);
    expect((await call('checker', 'POST', `/api/requests/${made.json().requestId}/approve`, {})).json().status).toBe('approved');
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'amina.juma'));
    expect(row).toMatchObject({ userType: 'bank', branchId: w.branch.id, forceChangePassword: true, status: 'activated' });
    const sms = (await t.smsInbox('+255754600002'))[0]!;
    const password = /Nenosiri la muda: (\S+)/.exec(sms.message)![1]!; // Swahili, the default language
    expect((await t.mailOutbox('amina.juma@sadakabank.co.tz'))[0]!.text).toContain(password);
    const session = await signIn(t.app, { username: 'amina.juma', password });
    expect(session.profile).toMatchObject({ force_change_password: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/requests', headers: session.headers })).json().code).toBe('must_change_password');

    const list = (await call('admin', 'GET', '/api/users?search=amina')).json();
    expect(list.data).toEqual([expect.objectContaining({ username: 'amina.juma', roleGroup: 'Branch Officer', branchName: w.branch.name, status: 'activated', lastLoginAt: expect.any(String) })]);
  });

  it('edits go through approval and change only what was asked', async () => {
    const target = await createUser(t.database.db, { role: 'Branch Officer', branchId: w.branch.id, email: 'edit.me@sadakabank.co.tz' });
    const asked = await call('admin', 'PATCH', `/api/users/${target.id}`, { name: 'Edited Name', phone: '+255754600003' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await call('admin', 'PATCH', `/api/users/${target.id}`, { name: 'Other' })).statusCode).toBe(409);
    const listed = (await call('admin', 'GET', `/api/users/${target.id}`)).json();
    expect(listed.pendingRequestId).toBe(asked.json().requestId);
    expect((await t.database.db.select().from(users).where(eq(users.id, target.id)))[0]!.name).toBe(target.name);
    await call('checker', 'POST', `/api/requests/${asked.json().requestId}/approve`, {});
    const [after] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(after).toMatchObject({ name: 'Edited Name', phone: '+255754600003', email: 'edit.me@sadakabank.co.tz' });
  });

  it('disabling signs the user out everywhere; enabling lets them back in', async () => {
    const target = await createUser(t.database.db, { role: 'Branch Officer', branchId: w.branch.id });
    const session = await signIn(t.app, target);
    expect((await call('admin', 'POST', `/api/users/${target.id}/disable`, { password: w.users.admin.password })).json().status).toBe('disabled');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: session.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: target.username, password: target.password } })).statusCode).toBe(403);
    expect((await call('admin', 'POST', `/api/users/${target.id}/enable`)).json().status).toBe('activated');
    await signIn(t.app, target);
    expect((await call('admin', 'POST', `/api/users/${w.users.admin.id}/disable`, { password: w.users.admin.password })).statusCode).toBe(422);
    const other = await createUser(t.database.db, { role: 'Branch Officer', branchId: w.otherBranch.id });
    expect((await call('branch', 'POST', `/api/users/${other.id}/disable`, { password: w.users.branch.password })).statusCode).toBe(404);
  });

  // Issue 10, security item 4 (ADR 015): one admin alone, with only a session, cannot take access away.
  it('disabling a user and resetting their two-factor need the actor’s own password', async () => {
    const target = await createUser(t.database.db, { role: 'Bank Administrator', totpEnabled: true, totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    for (const action of ['disable', 'reset-2fa']) {
      const none = await call('admin', 'POST', `/api/users/${target.id}/${action}`, {});
      expect(none.statusCode, action).toBe(400);
      const wrong = await call('admin', 'POST', `/api/users/${target.id}/${action}`, { password: 'Wrong#Pass1' });
      expect(wrong.statusCode, action).toBe(400);
      expect(wrong.json().code).toBe('wrong_password');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ status: 'activated', totpEnabled: true });
  });

  it('resets two-factor', async () => {
    const target = await createUser(t.database.db, { role: 'Branch Officer', branchId: w.branch.id, totpEnabled: true, totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    expect((await call('admin', 'POST', `/api/users/${target.id}/reset-2fa`, { password: w.users.admin.password })).json().twoFactorEnabled).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.totpSecret).toBeNull();
  });

  it('deletion needs the actor’s password or a code sent to the actor’s phone, bound to that deletion', async () => {
    const a = await createUser(t.database.db, { role: 'Branch Officer', branchId: w.branch.id });
    const b = await createUser(t.database.db, { role: 'Branch Officer', branchId: w.branch.id });
    const none = await call('admin', 'POST', `/api/users/${a.id}/delete`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Confirm the deletion with the code sent to your phone or with your password');
    const wrong = await call('admin', 'POST', `/api/users/${a.id}/delete`, { password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect((await t.database.db.select().from(users).where(eq(users.id, a.id)))[0]!.deletedAt).toBeNull();
    expect((await call('branch', 'POST', `/api/users/${a.id}/delete-code`)).statusCode).toBe(403);

    expect((await call('admin', 'POST', `/api/users/${a.id}/delete-code`)).statusCode).toBe(200);
    const code = await t.lastSmsCode(w.users.admin.phone!);
    // A code issued for deleting A does not delete B.
    expect((await call('admin', 'POST', `/api/users/${b.id}/delete`, { otp: code })).statusCode).toBe(400);
    expect((await call('admin', 'POST', `/api/users/${a.id}/delete`, { otp: code === '000000' ? '111111' : '000000' })).statusCode).toBe(400);
    const deleted = await call('admin', 'POST', `/api/users/${a.id}/delete`, { otp: code });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('admin', 'POST', `/api/users/${a.id}/delete`, { otp: code })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: a.username, password: a.password } })).statusCode).toBe(401);

    expect((await call('admin', 'POST', `/api/users/${b.id}/delete`, { password: w.users.admin.password })).statusCode).toBe(200);
    const logged = await t.database.db.select().from(activityLog).where(and(eq(activityLog.action, 'user.deleted'), eq(activityLog.userId, w.users.admin.id)));
    expect(logged.map((row) => row.entityId).sort()).toEqual([String(a.id), String(b.id)].sort());
    expect(logged.every((row) => row.details !== null && !row.details.includes(code) && !row.details.includes(w.users.admin.password))).toBe(true);
    expect((await call('admin', 'GET', '/api/users?limit=100')).json().data.map((u: { id: number }) => u.id)).not.toContain(a.id);
  });
});
