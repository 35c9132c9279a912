import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleGroupFeatures, users } from '../../server/db/schema/users';
import { findUserById, toAuthUser } from '../../server/services/auth/load-user';
import { resolveSession } from '../../server/services/auth/sessions';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * Every authenticated request resolves its bearer token with one query (session, user, institution,
 * level and grants together, issue 15). It must answer exactly what the step-by-step loading
 * (toAuthUser, still used at sign-in) answers, for every kind of user, and see a change of grants,
 * status or religion on the very next request (nothing is cached).
 */
describe('one-query session resolution', () => {
  let t: TestApp;
  let w: World;
  const clock = new Date('2026-03-02T08:00:00Z');
  const tokens = {} as Record<keyof World['users'], string>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Array<keyof World['users']>) tokens[role] = (await signIn(t.app, w.users[role])).token;
  });
  afterAll(() => t.close());

  const resolve = (token: string) => resolveSession(t.database.db, t.ctx.config, token, clock);
  const stepByStep = async (id: number) => toAuthUser(t.database.db, (await findUserById(t.database.db, id))!);

  it('answers the same user as the step-by-step loading, for admin, branch, union, church and mosque users', async () => {
    for (const role of Object.keys(w.users) as Array<keyof World['users']>) {
      const resolved = await resolve(tokens[role]);
      expect(resolved.kind, role).toBe('ok');
      const user = resolved.kind === 'ok' ? resolved.user : null;
      expect(user, role).toEqual(await stepByStep(w.users[role].id));
      expect(Object.keys(user!.grants).length, role).toBeGreaterThan(0);
    }
  });

  it('sees a changed grant, a chosen religion and a disabled user on the next request', async () => {
    const db = t.database.db;
    const church = w.users.church;
    const before = await resolve(tokens.church);
    expect(before.kind === 'ok' && before.user.grants.members).toBeTruthy();
    await db.delete(roleGroupFeatures).where(eq(roleGroupFeatures.roleGroupId, church.roleGroupId));
    const after = await resolve(tokens.church);
    expect(after.kind === 'ok' ? after.user.grants : null).toEqual({});
    expect(after.kind === 'ok' ? after.user : null).toEqual(await stepByStep(church.id));

    await db.update(users).set({ activeReligionId: w.islam.id }).where(eq(users.id, w.users.admin.id));
    const admin = await resolve(tokens.admin);
    expect(admin.kind === 'ok' ? admin.user.religionId : null).toBe(w.islam.id);

    await db.update(users).set({ status: 'disabled' }).where(eq(users.id, w.users.mosque.id));
    expect((await resolve(tokens.mosque)).kind).toBe('expired');
    expect((await resolve('x'.repeat(43))).kind).toBe('unknown');
  });
});
