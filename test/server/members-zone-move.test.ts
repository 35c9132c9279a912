import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../server/db/schema/auth';
import { zones } from '../../server/db/schema/institutions';
import { members } from '../../server/db/schema/members';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

// Spec §1 "move to a zone" in bulk, as the members list does it (POST /api/zones/move-members):
// who may move whom across tenants, and the activity entry it leaves.
describe('bulk move of members to a zone, across roles and tenants', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = { ...(await signIn(t.app, w.users[role])).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const move = (role: Role, memberIds: number[], zoneId: number | null) =>
    t.app.inject({ method: 'POST', url: '/api/zones/move-members', headers: headers[role], payload: { memberIds, zoneId } });
  const zoneOf = async (ids: number[]) =>
    (await t.database.db.select({ id: members.id, zoneId: members.zoneId }).from(members).where(inArray(members.id, ids)).orderBy(members.id)).map((row) => row.zoneId);

  it('the treasurer and the union above move church A’s members; the imam, another church and bank staff cannot', async () => {
    const db = t.database.db;
    const [zone] = await db.insert(zones).values({ institutionId: w.churchA.id, name: 'Kanda ya Bahari' }).returning();
    const [mosqueZone] = await db.insert(zones).values({ institutionId: w.mosque.id, name: 'Mtaa wa Msikiti' }).returning();
    const a = await createMember(db, { institutionId: w.churchA.id });
    const b = await createMember(db, { institutionId: w.churchA.id });
    const ids = [a.id, b.id];

    // Outside the scope nothing moves: the imam names church A's zone or his own, another church its own members' zone.
    expect((await move('mosque', ids, zone!.id)).statusCode).toBe(400);
    expect((await move('mosque', ids, mosqueZone!.id)).statusCode).toBe(400);
    expect((await move('churchB', ids, zone!.id)).statusCode).toBe(400);
    expect((await move('churchB', ids, null)).statusCode).toBe(400);
    // Bank staff hold no groups grant.
    expect((await move('admin', ids, zone!.id)).statusCode).toBe(403);
    expect((await move('branch', ids, zone!.id)).statusCode).toBe(403);
    expect(await zoneOf(ids)).toEqual([null, null]);

    const moved = await move('church', ids, zone!.id);
    expect(moved.json()).toEqual({ moved: 2 });
    expect(await zoneOf(ids)).toEqual([zone!.id, zone!.id]);
    const [entry] = await db.select().from(activityLog).where(and(eq(activityLog.action, 'zone.membersMoved'), eq(activityLog.userId, w.users.church.id)));
    expect(entry).toMatchObject({ entityType: 'zone', entityId: String(zone!.id), details: '2 members' });

    // The union above church A takes them out of every zone again.
    expect((await move('union', ids, null)).json()).toEqual({ moved: 2 });
    expect(await zoneOf(ids)).toEqual([null, null]);
  });

  it('a deleted member, or one id too many, moves nobody', async () => {
    const db = t.database.db;
    const [zone] = await db.insert(zones).values({ institutionId: w.churchA.id, name: 'Kanda ya Mlimani' }).returning();
    const live = await createMember(db, { institutionId: w.churchA.id });
    const gone = await createMember(db, { institutionId: w.churchA.id, deletedAt: new Date() });
    expect((await move('church', [live.id, gone.id], zone!.id)).statusCode).toBe(400);
    expect((await move('church', [live.id, 2_000_000], zone!.id)).statusCode).toBe(400);
    expect(await zoneOf([live.id])).toEqual([null]);
  });
});
