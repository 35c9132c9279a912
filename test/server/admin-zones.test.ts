import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zones } from '../../server/db/schema/institutions';
import { members } from '../../server/db/schema/members';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Who = 'admin' | 'union' | 'church' | 'churchB' | 'mosque';

describe('zones and groups of a congregation', () => {
  let t: TestApp;
  let w: World;
  const h = {} as Record<Who, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    for (const who of ['admin', 'union', 'church', 'churchB', 'mosque'] as const) h[who] = { ...(await signIn(t.app, w.users[who])).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });
  const make = async (who: Who, body: object) => {
    const res = await call(who, 'POST', '/api/zones', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string; parentId: number | null; institutionId: number };
  };

  it('a treasurer creates zones in their own church; the list carries parent, community and member counts', async () => {
    const north = await make('church', { name: 'North', community: 'Mwenge' });
    const sub = await make('church', { name: 'North A', parentId: north.id });
    expect(north).toMatchObject({ institutionId: w.churchA.id, parentId: null, community: 'Mwenge', memberCount: 0 });
    await createMember(t.database.db, { institutionId: w.churchA.id, zoneId: sub.id });
    await createMember(t.database.db, { institutionId: w.churchA.id, zoneId: sub.id, deletedAt: new Date() });
    const list = (await call('church', 'GET', '/api/zones')).json().data;
    expect(list).toEqual(
      expect.arrayContaining([
        { id: north.id, institutionId: w.churchA.id, name: 'North', parentId: null, community: 'Mwenge', memberCount: 0 },
        { id: sub.id, institutionId: w.churchA.id, name: 'North A', parentId: north.id, community: null, memberCount: 1 },
      ]),
    );
    const dup = await call('church', 'POST', '/api/zones', { name: 'North' });
    expect(dup.statusCode).toBe(409);
  });

  it('scope: another church never sees or touches them; the union sees them; a union itself holds no zones', async () => {
    const mine = await make('church', { name: 'Scoped' });
    expect((await call('churchB', 'GET', '/api/zones')).json().data.map((z: { id: number }) => z.id)).not.toContain(mine.id);
    expect((await call('churchB', 'GET', `/api/zones?institutionId=${w.churchA.id}`)).statusCode).toBe(403);
    expect((await call('churchB', 'PATCH', `/api/zones/${mine.id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call('mosque', 'POST', '/api/zones', { name: 'X', institutionId: w.churchA.id })).statusCode).toBe(403);
    expect((await call('union', 'GET', `/api/zones?institutionId=${w.churchA.id}`)).json().data.map((z: { id: number }) => z.id)).toContain(mine.id);
    const onUnion = await call('union', 'POST', '/api/zones', { name: 'Union zone' });
    expect(onUnion.statusCode).toBe(400);
    expect(onUnion.json().message).toBe('Zones belong to a church or mosque: choose one');
    expect((await make('union', { name: 'By the union', institutionId: w.churchB.id })).institutionId).toBe(w.churchB.id);
    // A zone of another church cannot be a parent.
    const other = await make('churchB', { name: 'Sinza East' });
    expect((await call('church', 'POST', '/api/zones', { name: 'Orphan', parentId: other.id })).statusCode).toBe(400);
  });

  it('rename and move; a zone cannot move into its own branch', async () => {
    const top = await make('church', { name: 'Top' });
    const child = await make('church', { name: 'Child', parentId: top.id });
    const grandchild = await make('church', { name: 'Grandchild', parentId: child.id });
    const cycle = await call('church', 'PATCH', `/api/zones/${top.id}`, { parentId: grandchild.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe('A zone cannot be placed inside itself or one of its own sub-zones');
    expect((await call('church', 'PATCH', `/api/zones/${top.id}`, { parentId: top.id })).statusCode).toBe(400);
    const renamed = await call('church', 'PATCH', `/api/zones/${grandchild.id}`, { name: 'Grandchild moved', parentId: top.id });
    expect(renamed.json()).toMatchObject({ name: 'Grandchild moved', parentId: top.id });
    expect((await call('church', 'PATCH', `/api/zones/${grandchild.id}`, { parentId: null })).json().parentId).toBeNull();
  });

  it('delete only when empty; a merge moves members and sub-zones across, then the zone goes', async () => {
    const db = t.database.db;
    const full = await make('mosque', { name: 'Full' });
    const sub = await make('mosque', { name: 'Full sub', parentId: full.id });
    const target = await make('mosque', { name: 'Target' });
    const member = await createMember(db, { institutionId: w.mosque.id, zoneId: full.id });
    const refused = await call('mosque', 'DELETE', `/api/zones/${full.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This zone still has 1 members and 1 sub-zones. Move them or merge the zone first.');
    expect((await db.select().from(zones).where(eq(zones.id, full.id))).length).toBe(1);

    const merged = await call('mosque', 'POST', `/api/zones/${full.id}/merge`, { intoZoneId: target.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ id: target.id, memberCount: 1 });
    expect((await db.select({ zoneId: members.zoneId }).from(members).where(eq(members.id, member.id)))[0]!.zoneId).toBe(target.id);
    expect((await db.select({ parentId: zones.parentId }).from(zones).where(eq(zones.id, sub.id)))[0]!.parentId).toBe(target.id);
    expect((await db.select().from(zones).where(eq(zones.id, full.id))).length).toBe(0);

    // Emptied zones go; a deleted member's old zone does not hold it back.
    const gone = await make('mosque', { name: 'Soon empty' });
    await createMember(db, { institutionId: w.mosque.id, zoneId: gone.id, deletedAt: new Date() });
    expect((await call('mosque', 'DELETE', `/api/zones/${sub.id}`)).statusCode).toBe(204);
    expect((await call('mosque', 'DELETE', `/api/zones/${gone.id}`)).statusCode).toBe(204);
    // The treasurer's role group may not delete (no groups:delete grant).
    const treasurers = await make('church', { name: 'Kept' });
    expect((await call('church', 'DELETE', `/api/zones/${treasurers.id}`)).statusCode).toBe(403);
  });

  it('bulk move: all chosen members move, or none when one is not of that congregation', async () => {
    const db = t.database.db;
    const zone = await make('church', { name: 'Bulk' });
    const a = await createMember(db, { institutionId: w.churchA.id });
    const b = await createMember(db, { institutionId: w.churchA.id });
    const stranger = await createMember(db, { institutionId: w.churchB.id });
    const refused = await call('church', 'POST', '/api/zones/move-members', { memberIds: [a.id, stranger.id], zoneId: zone.id });
    expect(refused.statusCode).toBe(400);
    expect((await db.select({ zoneId: members.zoneId }).from(members).where(eq(members.id, a.id)))[0]!.zoneId).toBeNull();
    const moved = await call('church', 'POST', '/api/zones/move-members', { memberIds: [a.id, b.id], zoneId: zone.id });
    expect(moved.json()).toEqual({ moved: 2 });
    expect((await call('church', 'GET', '/api/zones')).json().data.find((z: { id: number }) => z.id === zone.id).memberCount).toBe(2);
    expect((await call('church', 'POST', '/api/zones/move-members', { memberIds: [a.id], zoneId: null })).json()).toEqual({ moved: 1 });
    expect((await call('churchB', 'POST', '/api/zones/move-members', { memberIds: [b.id], zoneId: null })).statusCode).toBe(400);
  });
});
