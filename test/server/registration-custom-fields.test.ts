import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreBankAccounts } from '../../server/db/schema/approvals';
import { customFieldValues, institutions } from '../../server/db/schema/institutions';
import { roleGroup } from '../factories/role-groups';
import { signIn } from '../factories/sign-in';
import { multipartFile, PDF_BYTES } from '../factories/uploads';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * Custom fields on the public registration (issue 12, ADR 047): the chosen level's fields are
 * offered, each answer is checked with the staff edit's rules at save, submit and forward, the
 * checker sees the answers, and approval stores them as the new institution's values — or is
 * denied when a field changed since so that an answer no longer fits.
 */
describe('custom fields on the public registration', () => {
  let t: TestApp;
  let w: World;
  let dataDir: string;
  const staff = {} as Record<'branch' | 'admin', Record<string, string>>;
  const field = {} as Record<'founded' | 'denomination' | 'seats' | 'districtCode', number>;
  let seq = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sadaka-custom-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    w = await createWorld(t.database.db);
    await roleGroup(t.database.db, 'Church Treasurer');
    await t.database.db.insert(coreBankAccounts).values([1, 2, 3, 4].map((n) => ({ accountNumber: `010177700010${n}`, accountName: `CUSTOM CHURCH ${n}`, branchCode: w.branch.shortCode })));
    staff.branch = { ...(await signIn(t.app, w.users.branch)).headers, lang: 'en' };
    staff.admin = { ...(await signIn(t.app, w.users.admin)).headers, lang: 'en' };
    const define = async (levelId: number, label: string, extra: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/custom-fields', headers: staff.admin, payload: { levelId, label, ...extra } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    field.founded = await define(w.churchA.levelId, 'Founded', { dataType: 'date' });
    field.denomination = await define(w.churchA.levelId, 'Denomination', { dataType: 'choice', items: ['Lutheran', 'Anglican'] });
    field.seats = await define(w.churchA.levelId, 'Seats', { dataType: 'number', maxChars: 5 });
    field.districtCode = await define(w.district.levelId, 'District code', { dataType: 'text' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const as = (token: string, lang = 'en') => ({ 'x-registration-token': token, lang });
  const put = (token: string, step: string, payload: object, lang = 'en') => t.app.inject({ method: 'PUT', url: `/api/registrations/current/${step}`, headers: as(token, lang), payload });
  const institutionStep = (abbreviation: string, customFields: object[]) => ({
    title: `Church ${abbreviation}`,
    abbreviation,
    religionId: w.christian.id,
    levelId: w.churchA.levelId,
    parentId: w.district.id,
    region: 'Dar es Salaam',
    district: 'Ubungo',
    street: 'Kibangu',
    customFields,
  });
  async function startDraft(): Promise<string> {
    seq += 1;
    const res = await t.app.inject({ method: 'POST', url: '/api/registrations', payload: { applicantPhone: `+25571344${String(seq).padStart(4, '0')}`, applicantEmail: `custom${seq}@example.co.tz` } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  }
  /** The other steps and the submit, then the branch forwards it: the request id. */
  async function submitAndForward(token: string, account: string, abbreviation: string): Promise<number> {
    const body = multipartFile('signed-form.pdf', PDF_BYTES);
    const doc = await t.app.inject({ method: 'POST', url: '/api/registrations/current/uploads?purpose=document', headers: { ...as(token), ...body.headers }, payload: body.payload });
    const steps: Array<[string, object]> = [
      ['bank-account', { accountNumber: account }],
      ['signatories', { signatories: [{ name: 'Elia Mapunda', phone: '+255754200001', documentUploadId: doc.json().id }] }],
      ['default-user', { name: 'Neema Default', phone: `+25578450${String(seq).padStart(4, '0')}`, email: `default.${abbreviation.toLowerCase()}@example.co.tz` }],
      ['extras', { registrationChannel: 'online' }],
    ];
    for (const [step, payload] of steps) expect((await put(token, step, payload)).statusCode).toBe(200);
    const submitted = await t.app.inject({ method: 'POST', url: '/api/registrations/current/submit', headers: as(token) });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const forward = await t.app.inject({ method: 'POST', url: `/api/registrations/${submitted.json().id}/forward`, headers: staff.branch });
    expect(forward.statusCode, forward.body).toBe(201);
    return forward.json().requestId as number;
  }

  it('the public options carry each level’s fields with their rules', async () => {
    const options = (await t.app.inject({ method: 'GET', url: '/api/registration-options' })).json() as { customFields: Array<{ id: number; levelId: number }> };
    expect(options.customFields).toEqual(
      expect.arrayContaining([
        { id: field.denomination, levelId: w.churchA.levelId, label: 'Denomination', dataType: 'choice', minChars: null, maxChars: null, items: ['Lutheran', 'Anglican'] },
        { id: field.seats, levelId: w.churchA.levelId, label: 'Seats', dataType: 'number', minChars: null, maxChars: 5, items: [] },
      ]),
    );
    expect(options.customFields.find((f) => f.id === field.districtCode)?.levelId).toBe(w.district.levelId);
  });

  it('refuses answers that miss their field’s rules, each named on its own field in the applicant’s language, and stores nothing', async () => {
    const token = await startDraft();
    const bad = await put(token, 'institution', institutionStep('CFB', [
      { fieldId: field.founded, value: '2026-02-30' },
      { fieldId: field.denomination, value: 'Catholic' },
      { fieldId: field.seats, value: '123456' },
    ]));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual([
      { path: 'customFields.0.value', message: 'Founded is not valid' },
      { path: 'customFields.1.value', message: 'Denomination is not valid' },
      { path: 'customFields.2.value', message: 'Seats is not valid' },
    ]);
    const swahili = await put(token, 'institution', institutionStep('CFB', [{ fieldId: field.seats, value: '12a' }]), 'sw');
    expect(swahili.json().fields).toEqual([{ path: 'customFields.0.value', message: 'Seats si sahihi' }]);
    // A field of another level, or the same field twice, is not this level's question.
    const foreign = await put(token, 'institution', institutionStep('CFB', [{ fieldId: field.districtCode, value: 'D-1' }]));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe('This field does not belong to the level of this institution');
    const twice = await put(token, 'institution', institutionStep('CFB', [{ fieldId: field.seats, value: '1' }, { fieldId: field.seats, value: '2' }]));
    expect(twice.statusCode).toBe(422);
    const view = (await t.app.inject({ method: 'GET', url: '/api/registrations/current', headers: as(token) })).json();
    expect(view.data.institution).toBeUndefined();
  });

  it('stores the answers given (blank ones dropped), shows them to the checker, and approval makes them the institution’s values', async () => {
    const token = await startDraft();
    const saved = await put(token, 'institution', institutionStep('CFA', [
      { fieldId: field.founded, value: '1998-06-14' },
      { fieldId: field.denomination, value: 'Lutheran' },
      { fieldId: field.seats, value: '  ' },
    ]));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.institution.customFields).toEqual([
      { fieldId: field.founded, value: '1998-06-14' },
      { fieldId: field.denomination, value: 'Lutheran' },
    ]);
    const requestId = await submitAndForward(token, '0101777000101', 'CFA');
    const detail = (await t.app.inject({ method: 'GET', url: `/api/requests/${requestId}`, headers: staff.admin })).json();
    expect(detail.payload.institution.customFields).toEqual([
      { fieldId: field.founded, value: '1998-06-14' },
      { fieldId: field.denomination, value: 'Lutheran' },
    ]);
    // Nothing is stored before the checker.
    expect(await t.database.db.select().from(customFieldValues)).toEqual([]);
    const approved = await t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/approve`, headers: staff.admin, payload: {} });
    expect(approved.json().status, approved.body).toBe('approved');
    const [church] = await t.database.db.select().from(institutions).where(eq(institutions.code, 'CFA'));
    const profile = (await t.app.inject({ method: 'GET', url: `/api/institutions/${church!.id}`, headers: staff.admin })).json();
    expect(profile.customFields).toEqual(
      expect.arrayContaining([
        { fieldId: field.founded, label: 'Founded', value: '1998-06-14' },
        { fieldId: field.denomination, label: 'Denomination', value: 'Lutheran' },
        { fieldId: field.seats, label: 'Seats', value: null },
      ]),
    );
  });

  it('a field changed after the answer was checked denies the approval with the reason; nothing is created', async () => {
    const token = await startDraft();
    expect((await put(token, 'institution', institutionStep('CFS', [{ fieldId: field.denomination, value: 'Anglican' }]))).statusCode).toBe(200);
    const requestId = await submitAndForward(token, '0101777000102', 'CFS');
    const narrowed = await t.app.inject({
      method: 'PUT',
      url: `/api/custom-fields/${field.denomination}`,
      headers: staff.admin,
      payload: { levelId: w.churchA.levelId, label: 'Denomination', dataType: 'choice', items: ['Lutheran'] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const decided = await t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/approve`, headers: staff.admin, payload: {} });
    expect(decided.json()).toMatchObject({ status: 'denied', reason: 'An answer no longer meets the rules of its custom field; the field was changed after the answer was given' });
    expect(await t.database.db.select().from(institutions).where(eq(institutions.code, 'CFS'))).toEqual([]);
  });

  it('staff creating an institution under a parent answer the same fields, checked the same way', async () => {
    const input = (value: string) => ({
      parentId: w.district.id,
      title: 'Staff Church',
      abbreviation: 'CFN',
      region: 'Dar es Salaam',
      district: 'Ubungo',
      street: 'Mtaa',
      accountNumber: '0101777000103',
      defaultUser: { name: 'Pastor Staff', phone: '+255713000099', email: 'pastor.staff@example.co.tz' },
      customFields: [{ fieldId: field.founded, value }],
    });
    const bad = await t.app.inject({ method: 'POST', url: '/api/institutions', headers: staff.branch, payload: input('14/06/1998') });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields).toEqual([{ path: 'customFields.0.value', message: 'Founded is not valid' }]);
    const made = await t.app.inject({ method: 'POST', url: '/api/institutions', headers: staff.branch, payload: input('1998-06-14') });
    expect(made.statusCode, made.body).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/requests/${made.json().requestId}/approve`, headers: staff.admin, payload: {} })).json().status).toBe('approved');
    const [church] = await t.database.db.select().from(institutions).where(eq(institutions.code, 'CFN'));
    expect(await t.database.db.select({ fieldId: customFieldValues.fieldId, value: customFieldValues.value }).from(customFieldValues).where(eq(customFieldValues.institutionId, church!.id))).toEqual([
      { fieldId: field.founded, value: '1998-06-14' },
    ]);
  });
});
