import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTransaction } from '../factories/giving';
import { createInstitution } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Who = 'admin' | 'branch' | 'union' | 'church' | 'islamUnion';
type Node = { id: number; title: string; hasChildren: boolean; institutionsBelow: number; members: number; collections30d: Array<{ currency: string; amount: number; transactions: number }> };

describe('the institution tree, the staff list and the profile', () => {
  let t: TestApp;
  let w: World;
  const h = {} as Record<Who, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    // An Islamic "union" user whose subtree is the mosque only: another tenant for the Christian tree.
    const islamUnion = await createUser(db, { role: 'Union Administrator', institutionId: w.mosque.id });
    for (const who of ['admin', 'branch', 'union', 'church'] as const) h[who] = { ...(await signIn(t.app, w.users[who])).headers, lang: 'en' };
    h.islamUnion = { ...(await signIn(t.app, islamUnion)).headers, lang: 'en' };
    await createMember(db, { institutionId: w.churchA.id });
    await createMember(db, { institutionId: w.churchA.id });
    await createMember(db, { institutionId: w.churchB.id });
    await createMember(db, { institutionId: w.churchB.id, deletedAt: new Date() });
    await createTransaction(db, { institutionId: w.churchA.id, amount: 25_000 });
    await createTransaction(db, { institutionId: w.churchB.id, amount: 5_000 });
    await createTransaction(db, { institutionId: w.churchB.id, amount: 7_000, status: 'failed' });
    await createTransaction(db, { institutionId: w.churchB.id, amount: 9_000, receivedAt: new Date(Date.now() - 45 * 86_400_000) });
  });
  afterAll(() => t.close());

  const get = (who: Who, url: string) => t.app.inject({ method: 'GET', url, headers: h[who] });
  const page = async (who: Who, query = '') => {
    const res = await get(who, `/api/structure${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { parent: { node: Node; ancestors: Array<{ id: number }> } | null; data: Node[]; nextCursor: string | null };
  };

  it('an admin starts at the roots and drills down; counts cover the whole subtree and the last 30 days only', async () => {
    const top = await page('admin');
    expect(top.data.map((node) => node.id)).toEqual(expect.arrayContaining([w.union.id, w.mosque.id]));
    const union = top.data.find((node) => node.id === w.union.id)!;
    expect(union).toMatchObject({ hasChildren: true, institutionsBelow: 4, members: 3, collections30d: [{ currency: 'TZS', amount: 30_000, transactions: 2 }] });
    const district = await page('admin', `?parentId=${w.district.id}`);
    expect(district.parent?.node).toMatchObject({ id: w.district.id, institutionsBelow: 2 });
    expect(district.parent?.ancestors.map((a) => a.id)).toEqual([w.union.id, w.field.id]);
    expect(district.data.map((node) => [node.title, node.members, node.hasChildren])).toEqual([
      ['Mwenge Church', 2, false],
      ['Sinza Church', 1, false],
    ]);
    expect(district.data[1]!.collections30d).toEqual([{ currency: 'TZS', amount: 5_000, transactions: 1 }]);
  });

  it('pages by keyset and searches by name or code prefix anywhere in scope', async () => {
    for (let i = 0; i < 3; i += 1) await createInstitution(t.database.db, { religionId: w.christian.id, levelId: w.churchA.levelId, parent: w.district, title: `Zeta Church ${i}` });
    const first = await page('admin', `?parentId=${w.district.id}&limit=2`);
    expect(first.data.map((node) => node.title)).toEqual(['Mwenge Church', 'Sinza Church']);
    const second = await page('admin', `?parentId=${w.district.id}&limit=2&after=${first.nextCursor}`);
    expect(second.data.map((node) => node.title)).toEqual(['Zeta Church 0', 'Zeta Church 1']);
    const third = await page('admin', `?parentId=${w.district.id}&limit=2&after=${second.nextCursor}`);
    expect(third.data.map((node) => node.title)).toEqual(['Zeta Church 2']);
    expect(third.nextCursor).toBeNull();
    expect((await get('admin', '/api/structure?after=not-a-cursor')).statusCode).toBe(400);

    expect((await page('admin', '?search=mwe')).data.map((node) => node.id)).toEqual([w.churchA.id]);
    expect((await page('admin', `?search=${w.churchB.code.slice(0, 6).toLowerCase()}`)).data.map((node) => node.id)).toContain(w.churchB.id);
    expect((await page('admin', '?search=%25%25')).data).toEqual([]);
    // The mosque's user searches the Christian tree and finds nothing.
    expect((await page('islamUnion', '?search=mwe')).data).toEqual([]);
  });

  it('scope: a branch user starts at the branch institutions; an entity user at their own; other trees are 404', async () => {
    const branchTop = await page('branch');
    expect(branchTop.data.map((node) => node.id)).toEqual([w.union.id]);
    expect((await get('branch', `/api/structure?parentId=${w.mosque.id}`)).statusCode).toBe(404);
    const unionTop = await page('union');
    expect(unionTop.data.map((node) => node.id)).toEqual([w.union.id]);
    expect((await get('islamUnion', `/api/structure?parentId=${w.union.id}`)).statusCode).toBe(404);
    expect((await page('islamUnion')).data.map((node) => node.id)).toEqual([w.mosque.id]);
    // A treasurer holds no structure grant.
    expect((await get('church', '/api/structure')).statusCode).toBe(403);
  });

  it('the profile: spec fields, ancestors in scope, counts and recent collections; 404 outside scope', async () => {
    const res = await get('union', `/api/institutions/${w.churchB.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json();
    expect(profile).toMatchObject({
      id: w.churchB.id,
      title: 'Sinza Church',
      code: w.churchB.code,
      level: { id: w.churchB.levelId, holdsMembers: true },
      parent: { id: w.district.id },
      memberCount: 1,
      institutionsBelow: 0,
      collections30d: [{ currency: 'TZS', amount: 5_000, transactions: 1 }],
    });
    expect(profile.ancestors.map((a: { id: number }) => a.id)).toEqual([w.union.id, w.field.id, w.district.id]);
    expect(profile.recentCollections).toHaveLength(1);
    expect(profile.recentCollections[0]).toMatchObject({ currency: 'TZS', amount: 5_000 });
    expect(Array.isArray(profile.customFields)).toBe(true);
    expect((await get('islamUnion', `/api/institutions/${w.churchB.id}`)).statusCode).toBe(404);
    expect((await get('branch', `/api/institutions/${w.mosque.id}`)).statusCode).toBe(404);
    expect((await get('admin', `/api/institutions/${w.mosque.id}`)).statusCode).toBe(200);
    expect((await get('admin', '/api/institutions/999999')).statusCode).toBe(404);
  });

  it('the staff list filters by level, status, branch, religion and region, and exports the same rows', async () => {
    const list = async (who: Who, query: string) => {
      const res = await get(who, `/api/institutions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ id: number }>).map((row) => row.id);
    };
    expect(await list('admin', `?religionId=${w.islam.id}`)).toEqual([w.mosque.id]);
    expect(await list('admin', `?levelId=${w.churchA.levelId}&search=sinza`)).toEqual([w.churchB.id]);
    expect(await list('admin', `?branchId=${w.otherBranch.id}`)).toEqual([w.mosque.id]);
    expect(await list('admin', '?status=disabled')).toEqual([]);
    expect(await list('union', `?religionId=${w.islam.id}`)).toEqual([]);
    const csv = await get('admin', `/api/institutions/export?format=csv&levelId=${w.churchA.levelId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\n');
    expect(lines[0]).toBe('Institution,Code,Level,Belongs to,Religion,Branch,Region,Status');
    expect(lines.some((line) => line.startsWith('Mwenge Church,'))).toBe(true);
    expect(lines.some((line) => line.includes('Kariakoo'))).toBe(false);
    // Export needs the export grant, which the union's role holds and a treasurer's does not.
    expect((await get('church', '/api/institutions/export?format=csv')).statusCode).toBe(403);
  });
});
