import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransaction } from '../factories/giving';
import { createInstitution, type Institution, moveSinza } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

type Role = 'admin' | 'branch' | 'union';

/**
 * The dashboard's top five institutions of the year are read from institution_year_totals in its
 * index's order (migration 0049, ADR 070). Whatever happens to the money, they must be the five a
 * sum of the completed TZS transactions received this year gives: largest first, ties by id.
 */
describe('dashboard top institutions of the year', () => {
  let t: TestApp;
  let w: World;
  let churches: Institution[];
  const headers = {} as Record<Role, Record<string, string>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-06-15T10:00:00Z') });
    w = await createWorld(t.database.db);
    const level = w.churchA.levelId;
    churches = [w.churchA, w.churchB];
    for (let i = 0; i < 6; i++) churches.push(await createInstitution(t.database.db, { religionId: w.christian.id, levelId: level, parent: w.district, title: `Tie Church ${i}` }));
    for (const role of ['admin', 'branch', 'union'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const shown = async (role: Role) => (await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: headers[role] })).json().byInstitution;
  /** The top five from the transactions themselves, in the role's scope. */
  const counted = async (scope: string, values: unknown[] = []) => {
    const { rows } = await t.database.raw.query(
      `select i.id, i.title as institution, sum(t.amount)::bigint as amount
       from transactions t join institutions i on i.id = t.institution_id
       where t.status = 'completed' and t.currency = 'TZS' and (t.received_at at time zone i.time_zone)::date >= '2026-01-01' and ${scope}
       group by i.id, i.title order by sum(t.amount) desc, i.id limit 5`,
      values,
    );
    return (rows as Array<{ id: number; institution: string; amount: string }>).map((row) => ({ id: Number(row.id), institution: row.institution, amount: Number(row.amount) }));
  };
  const expectAgreement = async () => {
    expect(await shown('admin')).toEqual(await counted('true'));
    expect(await shown('branch')).toEqual(await counted('i.branch_id = $1', [w.branch.id]));
    expect(await shown('union')).toEqual(await counted('i.path like $1', [`${w.union.path}%`]));
  };
  const give = (institution: Institution, amount: number, receivedAt = '2026-05-10T08:00:00Z', more: Parameters<typeof createTransaction>[1] = { institutionId: institution.id }) =>
    createTransaction(t.database.db, { ...more, institutionId: institution.id, amount, receivedAt: new Date(receivedAt), completedAt: new Date(receivedAt) });

  it('ranks by the year total, ties by id, across every kind of change', async () => {
    const [a, b, c0, c1, c2, c3, c4, c5] = churches as [Institution, Institution, Institution, Institution, Institution, Institution, Institution, Institution];
    // Two ways to the same total (one giving, or two of another method), so the order rests on the ids.
    await give(c5, 30_000);
    await give(c1, 20_000);
    await give(c1, 10_000, '2026-02-01T08:00:00Z', { institutionId: c1.id, method: 'cash' });
    await give(c3, 30_000);
    await give(a, 25_000);
    await give(b, 25_000);
    await give(w.mosque, 40_000);
    // The sixth, tied with the fifth: the lower id stays in.
    await give(c0, 25_000);
    // Not counted: last year, not completed, another currency.
    await give(c2, 500_000, '2025-12-31T12:00:00Z');
    await give(c4, 500_000, '2026-05-01T08:00:00Z', { institutionId: c4.id, status: 'pending', completedAt: null });
    await give(c4, 500_000, '2026-05-01T08:00:00Z', { institutionId: c4.id, currency: 'USD' });
    await expectAgreement();
    const admin = await shown('admin');
    expect(admin.map((row: { amount: number }) => row.amount)).toEqual([40_000, 30_000, 30_000, 30_000, 25_000]);
    expect(admin.slice(1, 4).map((row: { institution: string }) => row.institution)).toEqual(['Tie Church 1', 'Tie Church 3', 'Tie Church 5']);

    // A pending giving completes (the rows' UPDATE path), and another fails.
    const pending = await give(c2, 5_000, '2026-06-01T08:00:00Z', { institutionId: c2.id, status: 'pending', completedAt: null });
    await expectAgreement();
    await t.database.raw.query(`update transactions set status = 'completed', completed_at = received_at where id = $1`, [pending.id]);
    await expectAgreement();
    // An affiliation move keeps the institution's id: its history stays its own, in and out of the union's scope.
    await moveSinza(t.database.db, w);
    await expectAgreement();
    await moveSinza(t.database.db, w);
    await expectAgreement();
    // A giving dated into next year still counts in "this year" (the dashboard's year runs to an open end).
    await give(c0, 6_000, '2027-01-01T08:00:00Z');
    await expectAgreement();
    expect((await shown('admin')).map((row: { amount: number }) => row.amount)).toEqual([40_000, 31_000, 30_000, 30_000, 30_000]);
  });
});
