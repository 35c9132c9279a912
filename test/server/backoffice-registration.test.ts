import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../domain/limits';
import { coreBankAccounts, registrations } from '../../server/db/schema/approvals';
import { bankAccounts, institutions, referrers, signatories } from '../../server/db/schema/institutions';
import { users } from '../../server/db/schema/users';
import { createLevel } from '../factories/reference';
import { roleGroup } from '../factories/role-groups';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { EXE_BYTES, multipartFile, PDF_BYTES, PNG_BYTES } from '../factories/uploads';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

describe('institution onboarding (public registration → branch forwards → checker approves)', () => {
  let t: TestApp;
  let w: World;
  let dataDir: string;
  let churchLevelId: number;
  const staff = {} as Record<'branch' | 'admin' | 'otherBranch', Record<string, string>>;
  let phoneSeq = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sadaka-uploads-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    churchLevelId = w.churchA.levelId;
    await roleGroup(db, 'Church Treasurer');
    await db.insert(coreBankAccounts).values([
      ...Array.from({ length: 6 }, (_, i) => ({ accountNumber: `0101777${String(i + 1).padStart(6, "0")}`, accountName: `NEW CHURCH ${i + 1}`, branchCode: w.branch.shortCode })),
      { accountNumber: '0101000000009', accountName: 'CLOSED', branchCode: w.branch.shortCode, status: 'closed' },
    ]);
    await db.insert(referrers).values({ kind: 'staff', name: 'Asha Staff', employeeNo: 'EMP001', referralCode: 'REF900', branchId: w.branch.id });
    staff.branch = { ...(await signIn(t.app, w.users.branch)).headers, lang: 'en' };
    staff.admin = { ...(await signIn(t.app, w.users.admin)).headers, lang: 'en' };
    const other = await createUser(db, { role: 'Branch Officer', branchId: w.otherBranch.id });
    staff.otherBranch = { ...(await signIn(t.app, other)).headers, lang: 'en' };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const applicantPhone = () => `+25571330${String(++phoneSeq).padStart(4, '0')}`;
  const as = (token: string) => ({ 'x-registration-token': token, lang: 'en' });
  const put = (token: string, step: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/registrations/current/${step}`, headers: as(token), payload });
  const upload = (token: string, name: string, bytes: Buffer, purpose = 'document') => {
    const body = multipartFile(name, bytes);
    return t.app.inject({ method: 'POST', url: `/api/registrations/current/uploads?purpose=${purpose}`, headers: { ...as(token), ...body.headers }, payload: body.payload });
  };
  const start = async (phone = applicantPhone(), email = `applicant${phoneSeq}@example.co.tz`) =>
    t.app.inject({ method: 'POST', url: '/api/registrations', headers: { lang: 'en' }, payload: { applicantPhone: phone, applicantEmail: email } });

  /** Fills every step of a fresh draft and submits it; returns the token and the default user's contacts. */
  async function completeRegistration(account: string, abbreviation: string) {
    const started = await start();
    expect(started.statusCode, started.body).toBe(201);
    const token = started.json().token as string;
    const doc = await upload(token, 'signed-form.pdf', PDF_BYTES);
    expect(doc.statusCode, doc.body).toBe(201);
    const steps: Array<[string, object]> = [
      ['institution', { title: `Church ${abbreviation}`, abbreviation, religionId: w.christian.id, levelId: churchLevelId, parentId: w.district.id, region: 'Dar es Salaam', district: 'Ubungo', street: 'Kibangu' }],
      ['bank-account', { accountNumber: account }],
      ['signatories', { signatories: [{ name: 'Elia Mapunda', phone: '+255754200001', email: 'elia@example.co.tz', documentUploadId: doc.json().id }] }],
      ['default-user', { name: 'Neema Default', phone: `+25578440${String(phoneSeq).padStart(4, '0')}`, email: `default.${abbreviation.toLowerCase()}@example.co.tz` }],
      ['extras', { referralCode: 'REF900', registrationChannel: 'online' }],
    ];
    for (const [step, payload] of steps) {
      const res = await put(token, step, payload);
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
    }
    const submitted = await t.app.inject({ method: 'POST', url: '/api/registrations/current/submit', headers: as(token) });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('submitted');
    const defaultUser = steps[3]![1] as { phone: string; email: string };
    return { token, registrationId: submitted.json().id as number, defaultUser, docId: doc.json().id as number };
  }

  it('offers religions, levels and parents to the public form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/registration-options', headers: { lang: 'sw' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.religions).toEqual(expect.arrayContaining([{ id: w.christian.id, name: 'Ukristo' }]));
    expect(body.parents.map((p: { id: number }) => p.id)).toContain(w.district.id);
    expect(body.parents.map((p: { id: number }) => p.id)).not.toContain(w.churchA.id);
  });

  it('an unfinished registration must be completed before another is started (same phone or same email)', async () => {
    const phone = applicantPhone();
    const first = await start(phone, 'first.applicant@example.co.tz');
    expect(first.statusCode).toBe(201);
    expect(first.json().token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const samePhone = await start(phone, 'other.applicant@example.co.tz');
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toBe('An unfinished registration for this phone or email exists. Complete it before starting another.');
    const sameEmail = await start(applicantPhone(), 'FIRST.applicant@example.co.tz');
    expect(sameEmail.statusCode).toBe(409);
    // Once it is submitted, the applicant may start another.
    const done = await completeRegistration('0101777000001', 'UNF');
    const again = await t.app.inject({ method: 'POST', url: '/api/registrations', payload: { applicantPhone: (await registrationPhone(done.registrationId)), applicantEmail: 'again@example.co.tz' } });
    expect(again.statusCode, again.body).toBe(201);
    // A submitted draft no longer takes changes.
    expect((await put(done.token, 'extras', { referralCode: null })).statusCode).toBe(409);
  });

  async function registrationPhone(id: number): Promise<string> {
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.id, id));
    return row!.applicantPhone;
  }

  it('checks uploads by content: PDF, PNG, JPEG only, names must match, at most 15 MB', async () => {
    const token = (await start()).json().token as string;
    expect((await upload(token, 'form.pdf', PDF_BYTES)).statusCode).toBe(201);
    expect((await upload(token, 'scan.png', PNG_BYTES)).statusCode).toBe(201);
    const pngAsPdf = await upload(token, 'form.pdf', PNG_BYTES);
    expect(pngAsPdf.statusCode).toBe(415);
    expect(pngAsPdf.json().message).toBe('Only PDF, PNG or JPEG files are accepted');
    expect((await upload(token, 'form.pdf', EXE_BYTES)).statusCode).toBe(415);
    expect((await upload(token, 'setup', EXE_BYTES)).statusCode).toBe(415);
    expect((await upload(token, 'logo.pdf', PDF_BYTES, 'logo')).statusCode).toBe(415);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PDF_BYTES.length, 0x20)]);
    const tooBig = await upload(token, 'big.pdf', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is larger than 15 MB');
    const justFits = await upload(token, 'fits.pdf', big.subarray(0, MAX_UPLOAD_BYTES));
    expect(justFits.statusCode, justFits.body).toBe(201);
    const json = await t.app.inject({ method: 'POST', url: '/api/registrations/current/uploads', headers: as(token), payload: {} });
    expect(json.statusCode).toBe(400);
    const noToken = multipartFile('form.pdf', PDF_BYTES);
    expect((await t.app.inject({ method: 'POST', url: '/api/registrations/current/uploads', headers: noToken.headers, payload: noToken.payload })).statusCode).toBe(404);
    const view = (await t.app.inject({ method: 'GET', url: '/api/registrations/current', headers: as(token) })).json();
    expect(view.uploads.map((u: { name: string; mimeType: string }) => [u.name, u.mimeType])).toEqual([
      ['form.pdf', 'application/pdf'],
      ['scan.png', 'image/png'],
      ['fits.pdf', 'application/pdf'],
    ]);
  });

  it('looks the account up at the bank and checks every step on the server', async () => {
    const token = (await start()).json().token as string;
    const unknown = await put(token, 'bank-account', { accountNumber: '0101123123123' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Provided bank account is not found. Please check and try again');
    expect((await put(token, 'bank-account', { accountNumber: '0101000000009' })).statusCode).toBe(422);
    const existing = await t.database.db.select().from(bankAccounts).limit(1);
    if (existing[0]) {
      await t.database.db.insert(coreBankAccounts).values({ accountNumber: existing[0].accountNumber, accountName: 'TAKEN', branchCode: w.branch.shortCode }).onConflictDoNothing();
    }
    const found = await put(token, 'bank-account', { accountNumber: '0101777000002' });
    expect(found.json().data.bankAccount).toEqual({ accountNumber: '0101777000002', accountName: 'NEW CHURCH 2', branchId: w.branch.id, branchName: w.branch.name, currency: 'TZS' });
    const wrongParent = await put(token, 'institution', { title: 'X', abbreviation: 'XX', religionId: w.christian.id, levelId: churchLevelId, parentId: w.union.id, region: 'r', district: 'd', street: 's' });
    expect(wrongParent.statusCode).toBe(422);
    expect(wrongParent.json().message).toBe('Choose a parent one level above in the same religion');
    const fieldLevel = await createLevel(t.database.db, { religionId: w.islam.id, rank: 9, code: 'x9' });
    expect((await put(token, 'institution', { title: 'X', abbreviation: 'XX', religionId: w.christian.id, levelId: fieldLevel.id, parentId: null, region: 'r', district: 'd', street: 's' })).statusCode).toBe(422);
    const foreignDoc = await put(token, 'signatories', { signatories: [{ name: 'A', phone: '+255754200001', documentUploadId: 999_999 }] });
    expect(foreignDoc.statusCode).toBe(422);
    expect((await put(token, 'extras', { referralCode: 'NOPE' })).json().message).toBe('This referral code is not known');
    const incomplete = await t.app.inject({ method: 'POST', url: '/api/registrations/current/submit', headers: as(token) });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().message).toMatch(/^Complete every step before submitting: institution, signatories, defaultUser, extras$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/registrations/current', headers: as('x'.repeat(43)) })).statusCode).toBe(404);
  });

  it('on approval the institution, account and default user become active; credentials by SMS and mail; password must change', async () => {
    const reg = await completeRegistration('0101777000003', 'APV');
    const db = t.database.db;
    // Nothing exists before approval.
    expect(await db.select().from(institutions).where(eq(institutions.code, 'APV'))).toEqual([]);
    const summary = (await t.app.inject({ method: 'GET', url: '/api/registrations?status=submitted', headers: staff.branch })).json();
    expect(summary.data.map((r: { id: number }) => r.id)).toContain(reg.registrationId);
    expect((await t.app.inject({ method: 'GET', url: `/api/registrations/${reg.registrationId}`, headers: staff.otherBranch })).statusCode).toBe(404);

    const forward = await t.app.inject({ method: 'POST', url: `/api/registrations/${reg.registrationId}/forward`, headers: staff.branch });
    expect(forward.statusCode, forward.body).toBe(201);
    const requestId = forward.json().requestId as number;
    expect((await t.app.inject({ method: 'POST', url: `/api/registrations/${reg.registrationId}/forward`, headers: staff.branch })).statusCode).toBe(409);

    const detail = (await t.app.inject({ method: 'GET', url: `/api/requests/${requestId}`, headers: staff.admin })).json();
    expect(detail.payload).toMatchObject({ kind: 'registration', institution: { abbreviation: 'APV' }, bankAccount: { accountNumber: '0101777000003' } });
    expect(detail.documents).toEqual([expect.objectContaining({ id: reg.docId, name: 'signed-form.pdf', mimeType: 'application/pdf', url: `/api/uploads/${reg.docId}` })]);
    const file = await t.app.inject({ method: 'GET', url: `/api/uploads/${reg.docId}`, headers: staff.admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="signed-form.pdf"/);
    expect(file.headers['content-type']).toBe('application/pdf');
    // Issue 10, security item 8: an upload is never rendered by the browser as something else.
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${reg.docId}`, headers: staff.otherBranch })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${reg.docId}` })).statusCode).toBe(401);

    const ownBranch = await t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/approve`, headers: staff.branch, payload: {} });
    expect(ownBranch.statusCode).toBe(403);
    expect(ownBranch.json().message).toBe("You don't have access to approve application");
    const approved = await t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/approve`, headers: staff.admin, payload: {} });
    expect(approved.json()).toMatchObject({ id: requestId, status: 'approved' });

    const [institution] = await db.select().from(institutions).where(eq(institutions.code, 'APV'));
    expect(institution).toMatchObject({ status: 'active', branchId: w.branch.id, parentId: w.district.id, path: `${w.district.path}${institution!.id}/`, referralCode: 'REF900' });
    expect(await db.select().from(bankAccounts).where(eq(bankAccounts.accountNumber, '0101777000003'))).toEqual([expect.objectContaining({ status: 'activated', isDefault: true, institutionId: institution!.id })]);
    const [user] = await db.select().from(users).where(eq(users.id, institution!.defaultUserId!));
    expect(user).toMatchObject({ userType: 'entity', institutionId: institution!.id, forceChangePassword: true, status: 'activated', email: reg.defaultUser.email });

    const sms = (await t.smsInbox(reg.defaultUser.phone))[0]!;
    // Credentials go out in Swahili, the product's default language.
    expect(sms.message).toContain(`Jina la mtumiaji: ${user!.username}`);
    const password = /Nenosiri la muda: (\S+)/.exec(sms.message)?.[1];
    expect(password).toBeDefined();
    const mail = (await t.mailOutbox(reg.defaultUser.email))[0]!;
    expect(mail.text).toContain(`Nenosiri la muda: ${password}`);
    const signedIn = await signIn(t.app, { username: user!.username, password: password! });
    expect(signedIn.profile).toMatchObject({ force_change_password: true });
    const blocked = await t.app.inject({ method: 'GET', url: '/api/getReligion', headers: signedIn.headers });
    expect(blocked.json().code).toBe('must_change_password');

    const summaryAfter = (await t.app.inject({ method: 'GET', url: '/api/registrations/current', headers: as(reg.token) })).json();
    expect(summaryAfter).toMatchObject({ status: 'completed', institutionId: institution!.id });
  });

  it('a rejected registration shows as rejected with its reason, and nothing is created', async () => {
    const reg = await completeRegistration('0101777000004', 'RJT');
    const requestId = (await t.app.inject({ method: 'POST', url: `/api/registrations/${reg.registrationId}/forward`, headers: staff.branch })).json().requestId;
    const rejected = await t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/reject`, headers: staff.admin, payload: { reason: 'Signatory form is not signed' } });
    expect(rejected.json().status).toBe('rejected');
    const view = (await t.app.inject({ method: 'GET', url: '/api/registrations/current', headers: as(reg.token) })).json();
    expect(view).toMatchObject({ status: 'rejected', rejectionReason: 'Signatory form is not signed', institutionId: null });
    expect(await t.database.db.select().from(institutions).where(eq(institutions.code, 'RJT'))).toEqual([]);
    const summary = (await t.app.inject({ method: 'GET', url: '/api/registrations', headers: staff.admin })).json();
    expect(summary.byStatus.rejected).toBeGreaterThanOrEqual(1);
    expect(summary.byStatus.completed).toBeGreaterThanOrEqual(1);
  });

  it('new account and amendment requests go through approval', async () => {
    const church = (await signIn(t.app, w.users.church)).headers;
    const other = await t.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: church, payload: { institutionId: w.churchB.id, accountNumber: '0101777000005' } });
    expect(other.statusCode).toBe(403);
    const mine = await t.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: church, payload: { institutionId: w.churchA.id, accountNumber: '0101777000005' } });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.accountNumber, '0101777000005'))).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: staff.branch, payload: { institutionId: w.churchA.id, accountNumber: '0101777000005' } });
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/requests/${mine.json().requestId}/approve`, headers: staff.admin, payload: {} })).json().status).toBe('approved');
    expect(await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.accountNumber, '0101777000005'))).toEqual([expect.objectContaining({ status: 'activated', institutionId: w.churchA.id })]);

    const amend = await t.app.inject({ method: 'POST', url: `/api/institutions/${w.churchA.id}/amendments`, headers: staff.branch, payload: { street: 'New Street 5' } });
    expect(amend.statusCode, amend.body).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/requests/${amend.json().requestId}/approve`, headers: staff.admin, payload: {} })).json().status).toBe('approved');
    const [after] = await t.database.db.select().from(institutions).where(eq(institutions.id, w.churchA.id));
    expect(after!.street).toBe('New Street 5');
  });

  it('request new account / change details from the sign-in page: a code to a phone the bank holds, then a 30-minute access token', async () => {
    const db = t.database.db;
    await db.update(institutions).set({ defaultUserId: w.users.churchB.id }).where(eq(institutions.id, w.churchB.id));
    await db.insert(signatories).values({ institutionId: w.churchB.id, name: 'Sig Natory', phone: '+255754200077' });
    const code = (payload: object) => t.app.inject({ method: 'POST', url: '/api/institution-access/code', headers: { lang: 'en' }, payload });
    const stranger = await code({ institutionCode: w.churchB.code, phone: '+255754200078' });
    const known = await code({ institutionCode: w.churchB.code.toLowerCase(), phone: '+255754200077' });
    // Same answer either way: the form does not reveal which phones the bank holds.
    expect(stranger.json()).toEqual(known.json());
    expect(await t.smsInbox('+255754200078')).toEqual([]);
    const sent = await t.lastSmsCode('+255754200077');
    const verify = (c: string) => t.app.inject({ method: 'POST', url: '/api/institution-access/verify', headers: { lang: 'en' }, payload: { institutionCode: w.churchB.code, phone: '+255754200077', code: c } });
    expect((await verify(sent === '000000' ? '111111' : '000000')).statusCode).toBe(400);
    const granted = await verify(sent);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().institution).toEqual({ id: w.churchB.id, title: w.churchB.title, code: w.churchB.code });
    expect((await verify(sent)).statusCode).toBe(400);
    const access = { 'x-institution-access': granted.json().accessToken, lang: 'en' };
    expect((await t.app.inject({ method: 'POST', url: '/api/institution-access/bank-accounts', payload: { accountNumber: '0101777000006' } })).statusCode).toBe(401);
    const asked = await t.app.inject({ method: 'POST', url: '/api/institution-access/bank-accounts', headers: access, payload: { accountNumber: '0101777000006' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/requests/${asked.json().requestId}`, headers: staff.admin })).json();
    expect(detail).toMatchObject({ type: 'bank-account', makerId: w.users.churchB.id, payload: { institutionId: w.churchB.id, accountNumber: '0101777000006' } });
    const amend = await t.app.inject({ method: 'POST', url: '/api/institution-access/amendments', headers: access, payload: { title: 'Sinza Church (Mori)' } });
    expect(amend.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/requests/${amend.json().requestId}/approve`, headers: staff.admin, payload: {} })).json().status).toBe('approved');
    expect((await db.select().from(institutions).where(eq(institutions.id, w.churchB.id)))[0]!.title).toBe('Sinza Church (Mori)');
  });
});
