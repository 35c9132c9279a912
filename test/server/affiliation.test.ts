import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreBankAccounts } from '../../server/db/schema/approvals';
import { bankAccounts, institutionAffiliations, institutions } from '../../server/db/schema/institutions';
import { users } from '../../server/db/schema/users';
import { createInstitution, type Institution } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Who = 'admin' | 'checker' | 'branch' | 'union' | 'church' | 'mosque';

describe('affiliation: moving an institution and its subtree through maker-checker', () => {
  let t: TestApp;
  let w: World;
  let field2: Institution;
  let district2: Institution;
  const h = {} as Record<Who, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    field2 = await createInstitution(db, { religionId: w.christian.id, levelId: w.field.levelId, parent: w.union, title: 'Lake Field' });
    district2 = await createInstitution(db, { religionId: w.christian.id, levelId: w.district.levelId, parent: field2, title: 'Mwanza District' });
    const checker = await createUser(db, { role: 'Bank Administrator' });
    for (const who of ['admin', 'branch', 'union', 'church', 'mosque'] as const) h[who] = { ...(await signIn(t.app, w.users[who])).headers, lang: 'en' };
    h.checker = { ...(await signIn(t.app, checker)).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });
  const pathOf = async (id: number) => (await t.database.db.select({ path: institutions.path }).from(institutions).where(eq(institutions.id, id)))[0]!.path;

  it('approval moves the district and rewrites the path of every descendant in one go, with a history row', async () => {
    const made = await call('admin', 'POST', `/api/institutions/${w.district.id}/affiliation`, { parentId: field2.id });
    expect(made.statusCode, made.body).toBe(201);
    const { requestId } = made.json() as { requestId: number };
    // Nothing moves before the checker.
    expect(await pathOf(w.churchA.id)).toBe(`${w.district.path}${w.churchA.id}/`);
    const view = (await call('admin', 'GET', `/api/institutions/${w.district.id}/affiliation`)).json();
    expect(view).toMatchObject({ parent: { id: w.field.id }, pending: { requestId, to: { id: field2.id } }, canRequest: false });
    // A second move of the same institution waits for the first.
    const twice = await call('union', 'POST', `/api/institutions/${w.district.id}/affiliation`, { parentId: field2.id });
    expect(twice.statusCode).toBe(409);

    // The maker cannot approve their own request.
    const own = await call('admin', 'POST', `/api/requests/${requestId}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('own_request');

    const approved = await call('checker', 'POST', `/api/requests/${requestId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    const newDistrictPath = `${field2.path}${w.district.id}/`;
    expect(await pathOf(w.district.id)).toBe(newDistrictPath);
    expect(await pathOf(w.churchA.id)).toBe(`${newDistrictPath}${w.churchA.id}/`);
    expect(await pathOf(w.churchB.id)).toBe(`${newDistrictPath}${w.churchB.id}/`);
    // Nothing is left under the old path.
    const stale = await t.database.db.select({ id: institutions.id }).from(institutions).where(like(institutions.path, `${w.district.path}%`));
    expect(stale).toEqual([]);
    const [row] = await t.database.db.select().from(institutionAffiliations).where(eq(institutionAffiliations.institutionId, w.district.id));
    expect(row).toMatchObject({ fromParentId: w.field.id, toParentId: field2.id, requestId });

    const after = (await call('admin', 'GET', `/api/institutions/${w.district.id}/affiliation`)).json();
    expect(after).toMatchObject({ parent: { id: field2.id }, pending: null, canRequest: true, history: [{ from: { id: w.field.id }, to: { id: field2.id }, requestId }] });
    // The tree follows: the new field holds the churches, the old one no longer does.
    const tree = (await call('admin', 'GET', `/api/structure?parentId=${field2.id}`)).json() as { data: Array<{ id: number; institutionsBelow: number }> };
    expect(tree.data.map((node) => node.id)).toContain(w.district.id);
    const oldField = (await call('admin', 'GET', `/api/structure?parentId=${w.field.id}`)).json() as { data: Array<{ id: number }> };
    expect(oldField.data.map((node) => node.id)).not.toContain(w.district.id);
  });

  it('refuses a move into its own subtree, to the wrong level, across religions, with localised messages, and stores nothing', async () => {
    const refused = async (parentId: number, message: string, lang = 'en') => {
      const res = await t.app.inject({ method: 'POST', url: `/api/institutions/${field2.id}/affiliation`, headers: { ...h.union, lang }, payload: { parentId } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    const churchUnder = await createInstitution(t.database.db, { religionId: w.christian.id, levelId: w.churchA.levelId, parent: district2, title: 'Deep Church' });
    // The field under its own district (a cycle), or under a church below it.
    await refused(district2.id, 'An institution cannot be moved under itself or under one of the institutions below it');
    await refused(churchUnder.id, 'An institution cannot be moved under itself or under one of the institutions below it');
    await refused(field2.id, 'An institution cannot be moved under itself or under one of the institutions below it');
    // A field under a field: the wrong level.
    await refused(w.field.id, 'The new parent must be one level above, in the same religion');
    // Swahili too.
    await refused(w.field.id, 'Mzazi mpya lazima awe ngazi moja juu, katika dini ile ile', 'sw');
    // The mosque is not visible to the union; the admin sees it and is told it is another religion.
    await refused(w.mosque.id, 'Choose a new parent among the institutions you can see');
    const islamUnion = await createInstitution(t.database.db, { religionId: w.islam.id, levelId: w.mosque.levelId, title: 'Islamic Council' });
    const res = await call('admin', 'POST', `/api/institutions/${district2.id}/affiliation`, { parentId: islamUnion.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('An institution cannot move to a parent of another religion');
    // Its current parent is no move at all.
    const same = await call('admin', 'POST', `/api/institutions/${district2.id}/affiliation`, { parentId: field2.id });
    expect(same.json().message).toBe('It already belongs to this parent');
    expect(await pathOf(field2.id)).toBe(`${w.union.path}${field2.id}/`);
    expect(await t.database.db.select().from(institutionAffiliations).where(eq(institutionAffiliations.institutionId, field2.id))).toEqual([]);
  });

  it('the parent choices are one level up, same religion, in scope, outside its own subtree', async () => {
    const choices = (await call('union', 'GET', `/api/institutions/${district2.id}/affiliation/parents`)).json() as { data: Array<{ id: number }> };
    expect(choices.data.map((c) => c.id)).toEqual([w.field.id]);
    const searched = (await call('union', 'GET', `/api/institutions/${district2.id}/affiliation/parents?search=zzz`)).json() as { data: unknown[] };
    expect(searched.data).toEqual([]);
  });

  it('who may ask: the union for institutions below its own, not its own; treasurers and the mosque never; other trees are 404', async () => {
    expect((await call('union', 'POST', `/api/institutions/${w.union.id}/affiliation`, { parentId: w.field.id })).statusCode).toBe(403);
    expect((await call('church', 'GET', `/api/institutions/${w.churchB.id}/affiliation`)).statusCode).toBe(403);
    expect((await call('mosque', 'POST', `/api/institutions/${w.churchB.id}/affiliation`, { parentId: w.district.id })).statusCode).toBe(403);
    expect((await call('branch', 'GET', `/api/institutions/${w.mosque.id}/affiliation`)).statusCode).toBe(404);
    const own = (await call('union', 'GET', `/api/institutions/${w.union.id}/affiliation`)).json();
    expect(own).toMatchObject({ parent: null, canRequest: false });
  });

  it('a move the tree no longer allows is denied at approval with the reason, and nothing moves', async () => {
    const churchC = await createInstitution(t.database.db, { religionId: w.christian.id, levelId: w.churchA.levelId, parent: district2, title: 'Temeke Church' });
    const made = await call('branch', 'POST', `/api/institutions/${churchC.id}/affiliation`, { parentId: w.district.id });
    expect(made.statusCode, made.body).toBe(201);
    await t.database.db.update(institutions).set({ status: 'disabled' }).where(eq(institutions.id, w.district.id));
    const decided = await call('admin', 'POST', `/api/requests/${made.json().requestId}/approve`, {});
    expect(decided.json()).toMatchObject({ status: 'denied', reason: 'The new parent must be an active institution' });
    expect(await pathOf(churchC.id)).toBe(`${district2.path}${churchC.id}/`);
    await t.database.db.update(institutions).set({ status: 'active' }).where(eq(institutions.id, w.district.id));
  });

  describe('creating an institution under a parent', () => {
    const input = (parentId: number, n: number) => ({
      parentId,
      title: `New Church ${n}`,
      abbreviation: `NWC${n}`,
      region: 'Dar es Salaam',
      district: 'Ubungo',
      street: 'Mtaa wa Kimara',
      accountNumber: `010188800000${n}`,
      defaultUser: { name: `Pastor ${n}`, phone: `+25571300000${n}`, email: `pastor${n}@example.co.tz` },
    });
    beforeAll(async () => {
      await t.database.db.insert(coreBankAccounts).values([1, 2, 3].map((n) => ({ accountNumber: `010188800000${n}`, accountName: `NEW CHURCH ${n}`, branchCode: w.branch.shortCode })));
    });

    it('the union asks for a church under a district of its subtree; it exists, active, only after a bank checker approves', async () => {
      const made = await call('union', 'POST', '/api/institutions', input(district2.id, 1));
      expect(made.statusCode, made.body).toBe(201);
      const code = (await t.database.db.select().from(institutions).where(eq(institutions.code, 'NWC1')));
      expect(code).toEqual([]);
      const approved = await call('admin', 'POST', `/api/requests/${made.json().requestId}/approve`, {});
      expect(approved.json().status, approved.body).toBe('approved');
      const [church] = await t.database.db.select().from(institutions).where(eq(institutions.code, 'NWC1'));
      expect(church).toMatchObject({ status: 'active', parentId: district2.id, levelId: w.churchA.levelId, path: `${district2.path}${church!.id}/`, registrationChannel: 'branch' });
      expect(await t.database.db.select({ n: bankAccounts.accountNumber }).from(bankAccounts).where(eq(bankAccounts.institutionId, church!.id))).toEqual([{ n: '0101888000001' }]);
      expect((await t.database.db.select({ id: users.id }).from(users).where(eq(users.institutionId, church!.id))).length).toBe(1);
    });

    it('refuses a parent out of scope, a level with nothing below, and callers without the grant; nothing is stored', async () => {
      const outside = await call('union', 'POST', '/api/institutions', input(w.mosque.id, 2));
      expect(outside.statusCode).toBe(400);
      expect(outside.json().message).toBe('Choose a new parent among the institutions you can see');
      const bottom = await call('admin', 'POST', '/api/institutions', input(w.churchA.id, 2));
      expect(bottom.statusCode).toBe(400);
      expect(bottom.json().message).toBe('The structure has no level below this one');
      expect((await call('church', 'POST', '/api/institutions', input(w.district.id, 2))).statusCode).toBe(403);
      // Bank staff may create anywhere in their scope (the branch officer: its branch's institutions).
      expect((await call('branch', 'POST', '/api/institutions', input(w.district.id, 2))).statusCode).toBe(201);
    });
  });
});
