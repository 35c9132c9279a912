import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedMember } from '../../domain/api/receipts';
import { createMember } from '../factories/giving';
import { createInstitution, type Institution } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * ADR 054 with ADR 052: when a church (or a district above it) is moved under another union, the
 * old union's scope-wide member cache feed (no institutionId) carries that church's members once
 * as removals, and the new union's feed as arrivals. The move rewrites institution paths, not
 * members, so without more a union-wide device would keep the church's members for ever.
 */
describe('scope-wide member cache feed after an affiliation move', () => {
  let t: TestApp;
  let w: World;
  let lakeUnion: Institution;
  let lakeField: Institution;
  let lakeDistrict: Institution;
  const h = {} as Record<'admin' | 'checker' | 'union' | 'lakeUnion', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    const db = t.database.db;
    lakeUnion = await createInstitution(db, { religionId: w.christian.id, levelId: w.union.levelId, title: 'Lake Union', branchId: w.branch.id });
    lakeField = await createInstitution(db, { religionId: w.christian.id, levelId: w.field.levelId, parent: lakeUnion, title: 'Lake Field' });
    lakeDistrict = await createInstitution(db, { religionId: w.christian.id, levelId: w.district.levelId, parent: lakeField, title: 'Mwanza District' });
    h.admin = (await signIn(t.app, w.users.admin)).headers;
    h.checker = (await signIn(t.app, await createUser(db, { role: 'Bank Administrator' }))).headers;
    h.union = (await signIn(t.app, w.users.union)).headers;
    h.lakeUnion = (await signIn(t.app, await createUser(db, { role: 'Union Administrator', institutionId: lakeUnion.id }))).headers;
  });
  afterAll(() => t.close());

  const feed = async (who: 'union' | 'lakeUnion', since?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/members/cache?limit=2000${since ? `&since=${since}` : ''}`, headers: h[who] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: CachedMember[]; next: string | null; cursor: string };
  };
  /** Asked by the bank administrator, approved by another (maker-checker, ADR 052). */
  const move = async (institutionId: number, parentId: number) => {
    const made = await t.app.inject({ method: 'POST', url: `/api/institutions/${institutionId}/affiliation`, headers: h.admin, payload: { parentId } });
    expect(made.statusCode, made.body).toBe(201);
    const approved = await t.app.inject({ method: 'POST', url: `/api/requests/${made.json().requestId}/approve`, headers: h.checker, payload: {} });
    expect(approved.json().status, approved.body).toBe('approved');
  };
  const rowsOf = (page: { data: CachedMember[] }, ids: number[]) => page.data.filter((row) => ids.includes(row.id));

  it('a church moved to another union: its members are removals for the old union and arrivals for the new one; moved back, live again', async () => {
    const neema = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715400001' });
    const juma = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715400002' });
    const atSinza = await createMember(t.database.db, { institutionId: w.churchB.id, phone: '+255715400003' });
    const moving = [neema.id, juma.id];
    const coastBefore = await feed('union');
    expect(rowsOf(coastBefore, [...moving, atSinza.id]).map((row) => row.deleted)).toEqual([false, false, false]);
    const lakeBefore = await feed('lakeUnion');
    expect(rowsOf(lakeBefore, moving)).toEqual([]);

    await move(w.churchA.id, lakeDistrict.id);

    const coast = await feed('union', coastBefore.cursor);
    // Removals under their own church and code (nothing but the church's parent changed), without a zone.
    expect(rowsOf(coast, moving)).toEqual([
      expect.objectContaining({ id: neema.id, institutionId: w.churchA.id, code: neema.code, zoneId: null, deleted: true }),
      expect.objectContaining({ id: juma.id, institutionId: w.churchA.id, code: juma.code, zoneId: null, deleted: true }),
    ]);
    // Sinza stayed in the union: live if it comes again (the cursor re-reads the last minute).
    expect(rowsOf(coast, [atSinza.id]).every((row) => !row.deleted)).toBe(true);
    // Pages stay in (updated_at, id) order with each member once.
    const ids = coast.data.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    // A fresh union-wide cache never holds them live.
    expect(rowsOf(await feed('union'), moving).filter((row) => !row.deleted)).toEqual([]);
    // The new union's device receives them on its next refresh, live.
    expect(rowsOf(await feed('lakeUnion', lakeBefore.cursor), moving)).toEqual([
      expect.objectContaining({ id: neema.id, institutionId: w.churchA.id, deleted: false }),
      expect.objectContaining({ id: juma.id, institutionId: w.churchA.id, deleted: false }),
    ]);

    // Moved back: live again for the Coast union, removals for Lake.
    const coastMid = await feed('union');
    const lakeMid = await feed('lakeUnion');
    await move(w.churchA.id, w.district.id);
    expect(rowsOf(await feed('union', coastMid.cursor), moving).map((row) => row.deleted)).toEqual([false, false]);
    expect(rowsOf(await feed('lakeUnion', lakeMid.cursor), moving).map((row) => row.deleted)).toEqual([true, true]);
  });

  it('a district moved to another union takes the members of every church below it out of the old union', async () => {
    const atMwenge = await createMember(t.database.db, { institutionId: w.churchA.id, phone: '+255715400011' });
    const atSinza = await createMember(t.database.db, { institutionId: w.churchB.id, phone: '+255715400012' });
    const before = await feed('union');
    await move(w.district.id, lakeField.id);
    const after = await feed('union', before.cursor);
    expect(rowsOf(after, [atMwenge.id, atSinza.id])).toEqual([
      expect.objectContaining({ id: atMwenge.id, institutionId: w.churchA.id, deleted: true }),
      expect.objectContaining({ id: atSinza.id, institutionId: w.churchB.id, deleted: true }),
    ]);
    // Nobody of the union's remaining tree is dropped.
    expect(after.data.filter((row) => row.deleted && row.institutionId !== w.churchA.id && row.institutionId !== w.churchB.id)).toEqual([]);
  });
});
