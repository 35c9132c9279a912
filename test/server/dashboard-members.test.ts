import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../factories/giving';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = keyof World['users'];

/**
 * The dashboard's members figure is read from the participation read model (member_totals, ADR 067),
 * not counted from members: after every kind of change to members it must still equal a count of the
 * members not deleted in each role's scope.
 */
describe('dashboard members figure', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<Role, Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });
    w = await createWorld(t.database.db);
    for (const role of Object.keys(w.users) as Role[]) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const query = async (text: string, values: unknown[] = []) => (await t.database.raw.query(text, values)).rows as Array<Record<string, unknown>>;
  const dashboardMembers = async (role: Role) => (await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: headers[role] })).json().members;
  const counted = async (scope: string, values: unknown[] = []) =>
    Number((await query(`select count(*) as n from members m join institutions i on i.id = m.institution_id where m.deleted_at is null and ${scope}`, values))[0]!.n);
  /** Each role's figure against a count in its scope. */
  const figures = async () => ({
    admin: [await dashboardMembers('admin'), await counted('true')],
    union: [await dashboardMembers('union'), await counted(`i.path like $1`, [`${w.union.path}%`])],
    church: [await dashboardMembers('church'), await counted(`i.id = $1`, [w.churchA.id])],
    branch: [await dashboardMembers('branch'), await counted(`i.branch_id = $1`, [w.branch.id])],
  });
  const expectAgreement = async () => {
    for (const [role, [shown, expected]] of Object.entries(await figures())) expect({ role, shown }).toEqual({ role, shown: expected });
  };

  it('equals a count of the members in scope after inserts, soft deletes, restores, moves and deletes', async () => {
    const db = t.database.db;
    const a = await createMember(db, { institutionId: w.churchA.id });
    const b = await createMember(db, { institutionId: w.churchA.id });
    const c = await createMember(db, { institutionId: w.churchB.id });
    await createMember(db, { institutionId: w.mosque.id });
    await expectAgreement();
    expect(await dashboardMembers('church')).toBeGreaterThan(0);

    await query(`update members set deleted_at = now() where id = $1`, [a.id]);
    await expectAgreement();
    await query(`update members set deleted_at = null where id = $1`, [a.id]);
    await expectAgreement();
    // A move to another church (a transfer), and one statement moving several members at once.
    await query(`update members set institution_id = $1 where id = $2`, [w.churchB.id, b.id]);
    await expectAgreement();
    await query(`update members set institution_id = $1 where id = any($2)`, [w.churchA.id, [b.id, c.id]]);
    await expectAgreement();
    await query(
      `insert into members (institution_id, code, first_name, last_name, phone)
       select $1, 'BULK' || g, 'Bulk', 'Member', '+2557139' || lpad(g::text, 5, '0') from generate_series(1, 25) g`,
      [w.churchA.id],
    );
    await expectAgreement();
    await query(`update members set deleted_at = now() where code like 'BULK%' and code <= 'BULK2'`);
    await expectAgreement();
    await query(`delete from members where code like 'BULK%'`);
    await expectAgreement();
    await query(`delete from members where id = $1`, [c.id]);
    await expectAgreement();
  });
});
