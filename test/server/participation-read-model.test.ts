import { randomUUID } from 'node:crypto';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsOverview } from '../../domain/api/stats';
import { dayOf } from '../../domain/calendar';
import { institutions } from '../../server/db/schema/institutions';
import { members } from '../../server/db/schema/members';
import { transactions } from '../../server/db/schema/money';
import { executedRows } from '../../server/services/desk/unnest-insert';
import { participationDifferences } from '../../server/services/read-model/participation-check';
import { giverAnchor } from '../../server/services/stats/participation';
import { createCurrency } from '../factories/desk';
import { moveSinza } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/**
 * What can happen to members and their givings, in any order (ADR 067): the participation read
 * model must equal a direct count of members and transactions after each run, for every scope.
 */
const operation = fc.oneof(
  // Several members join in one statement (the INSERT branch), on days up to two years back.
  fc.record({ kind: fc.constant('join' as const), where: fc.nat(2), days: fc.array(fc.integer({ min: 0, max: 800 }), { minLength: 1, maxLength: 3 }) }),
  // A transfer (ADR 054) moves a member to another institution (the UPDATE branch).
  fc.record({ kind: fc.constant('transfer' as const), pick: fc.nat(), where: fc.nat(2) }),
  // Deleted, or restored.
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  // A member who never gave is erased (the DELETE branch).
  fc.record({ kind: fc.constant('erase' as const), pick: fc.nat() }),
  // Givings in one statement: members (or nobody), institutions at every level, days, statuses, currencies.
  fc.record({
    kind: fc.constant('give' as const),
    gifts: fc.array(
      fc.record({
        member: fc.option(fc.nat(), { nil: null }),
        where: fc.nat(4),
        daysAgo: fc.integer({ min: 0, max: 800 }),
        status: fc.constantFrom('completed' as const, 'pending' as const, 'failed' as const),
        currency: fc.constantFrom('TZS', 'TZS', 'USD'),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  // A payment settles, or a completed giving is failed or canceled (its last giving gone, a member drops out).
  fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), to: fc.constantFrom('completed' as const, 'failed' as const, 'canceled' as const) }),
  fc.record({ kind: fc.constant('redate' as const), pick: fc.nat(), daysAgo: fc.integer({ min: 0, max: 800 }) }),
  fc.record({ kind: fc.constant('reassign' as const), pick: fc.nat(), member: fc.option(fc.nat(), { nil: null }) }),
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const) }),
  fc.record({ kind: fc.constant('branch' as const), to: fc.constantFrom('branch' as const, 'other' as const, null) }),
  fc.record({ kind: fc.constant('timeZone' as const), zone: fc.constantFrom('Africa/Dar_es_Salaam', 'UTC', 'Pacific/Kiritimati') }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

describe('participation read model: members registered and distinct givers per scope (ADR 067)', () => {
  let t: TestApp;
  let w: World;
  const headers = {} as Record<'admin' | 'branch' | 'union' | 'church', Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    await createCurrency(t.database.db, { territory: 'United States', alphaCode: 'USD', numericCode: '840' });
    for (const role of ['admin', 'branch', 'union', 'church'] as const) headers[role] = (await signIn(t.app, w.users[role])).headers;
  });
  afterAll(() => t.close());

  const memberHomes = () => [w.churchA.id, w.churchB.id, w.mosque.id];
  const givingPlaces = () => [w.churchA.id, w.churchB.id, w.district.id, w.union.id, w.mosque.id];
  async function memberIds(): Promise<number[]> {
    return (await t.database.db.select({ id: members.id }).from(members).orderBy(members.id)).map((row) => row.id);
  }
  async function transactionIds(): Promise<string[]> {
    return (await t.database.db.select({ id: transactions.id }).from(transactions).orderBy(transactions.id)).map((row) => row.id);
  }
  const pickOf = <T,>(list: T[], pick: number) => (list.length === 0 ? undefined : list[pick % list.length]);

  async function apply(op: Operation) {
    const db = t.database.db;
    switch (op.kind) {
      case 'join': {
        const institutionId = memberHomes()[op.where]!;
        await db.insert(members).values(
          op.days.map((days) => {
            const n = randomUUID().slice(0, 8);
            return { institutionId, code: `P${n}`, firstName: 'Given', lastName: `Family${n}`, phone: `+25571${String(parseInt(n, 16) % 10_000_000).padStart(7, '0')}`, createdAt: ago(days) };
          }),
        );
        return;
      }
      case 'transfer': {
        const id = pickOf(await memberIds(), op.pick);
        if (id !== undefined) await db.update(members).set({ institutionId: memberHomes()[op.where]!, phone: `+25572${String(id).padStart(7, '0')}` }).where(eq(members.id, id));
        return;
      }
      case 'remove': {
        const id = pickOf(await memberIds(), op.pick);
        if (id !== undefined) await db.update(members).set({ deletedAt: sql`case when ${members.deletedAt} is null then now() end` }).where(eq(members.id, id));
        return;
      }
      case 'erase': {
        const never = (await db.select({ id: members.id }).from(members).where(sql`not exists (select 1 from transactions t where t.member_id = ${members.id})`).orderBy(members.id)).map((row) => row.id);
        const id = pickOf(never, op.pick);
        if (id !== undefined) await db.delete(members).where(eq(members.id, id));
        return;
      }
      case 'give': {
        const ids = await memberIds();
        await db.insert(transactions).values(
          op.gifts.map((gift) => ({
            id: randomUUID(),
            institutionId: givingPlaces()[gift.where]!,
            memberId: gift.member === null ? null : (pickOf(ids, gift.member) ?? null),
            method: 'mobile',
            status: gift.status,
            amount: 1_000,
            currency: gift.currency,
            referenceNo: `SDK${randomUUID().slice(0, 8)}`,
            receivedAt: ago(gift.daysAgo),
          })),
        );
        return;
      }
      case 'settle': {
        const id = pickOf(await transactionIds(), op.pick);
        if (id) await db.update(transactions).set({ status: op.to }).where(eq(transactions.id, id));
        return;
      }
      case 'redate': {
        const id = pickOf(await transactionIds(), op.pick);
        if (id) await db.update(transactions).set({ receivedAt: ago(op.daysAgo) }).where(eq(transactions.id, id));
        return;
      }
      case 'reassign': {
        const id = pickOf(await transactionIds(), op.pick);
        const memberId = op.member === null ? null : (pickOf(await memberIds(), op.member) ?? null);
        if (id) await db.update(transactions).set({ memberId }).where(eq(transactions.id, id));
        return;
      }
      case 'drop': {
        const id = pickOf(await transactionIds(), op.pick);
        if (id) await db.delete(transactions).where(eq(transactions.id, id));
        return;
      }
      case 'move': {
        // Sinza moves between the district and directly under the field (ADR 052): the district's figures lose or gain it.
        await moveSinza(db, w);
        return;
      }
      case 'branch': {
        const branchId = op.to === 'branch' ? w.branch.id : op.to === 'other' ? w.otherBranch.id : null;
        await db.update(institutions).set({ branchId }).where(inArray(institutions.id, [w.churchB.id, w.district.id]));
        return;
      }
      case 'timeZone':
        await db.update(institutions).set({ timeZone: op.zone }).where(eq(institutions.id, w.churchA.id));
        return;
    }
  }

  /** Straight from the tables, days in each institution's zone: who gave, who was registered by `to`, who was new. */
  async function directCount(scope: SQL, from: string, to: string, currency = 'TZS') {
    const [row] = executedRows<{ gave: number; registered: number; new_members: number }>(
      await t.database.db.execute(sql`
        select
          (select count(distinct t.member_id)::int from transactions t join institutions i on i.id = t.institution_id
            where ${scope} and t.status = 'completed' and t.currency = ${currency}
              and (t.received_at at time zone i.time_zone)::date between ${from}::date and ${to}::date) as gave,
          (select count(*)::int from members m join institutions i on i.id = m.institution_id
            where ${scope} and m.deleted_at is null and (m.created_at at time zone i.time_zone)::date <= ${to}::date) as registered,
          (select count(*)::int from members m join institutions i on i.id = m.institution_id
            where ${scope} and m.deleted_at is null and (m.created_at at time zone i.time_zone)::date between ${from}::date and ${to}::date) as new_members`),
    );
    return { gave: Number(row!.gave), registered: Number(row!.registered), newMembers: Number(row!.new_members) };
  }

  async function overview(role: keyof typeof headers, from: string, to: string, institutionId?: number, currency = 'TZS') {
    const res = await t.app.inject({ method: 'GET', url: `/api/stats/overview?from=${from}&to=${to}&currency=${currency}${institutionId ? `&institutionId=${institutionId}` : ''}`, headers: headers[role] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StatsOverview;
    return { gave: body.participation.gave, registered: body.participation.registered, newMembers: body.newMembers };
  }

  it('equals a direct count after random joins, transfers, deletions, givings completed, failed, redated, reassigned and dropped, moves, branch and zone changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const op of ops) await apply(op);
        expect(await participationDifferences(t.database.db)).toEqual([]);

        const today = dayOf(new Date(), 'UTC');
        const year = Number(today.slice(0, 4));
        const periods: Array<[string, string]> = [
          [`${today.slice(0, 7)}-01`, today],
          [`${year}-01-01`, today],
          [`${year - 1}-04-01`, `${year - 1}-12-31`],
        ];
        for (const [from, to] of periods) {
          expect(giverAnchor(from, to)).toBe(from);
          expect(await overview('admin', from, to)).toEqual(await directCount(sql`true`, from, to));
          expect(await overview('admin', from, to, undefined, 'USD')).toEqual(await directCount(sql`true`, from, to, 'USD'));
          expect(await overview('branch', from, to)).toEqual(await directCount(sql`i.branch_id = ${w.branch.id}`, from, to));
          expect(await overview('union', from, to)).toEqual(await directCount(sql`i.path like ${`${w.union.path}%`}`, from, to));
          expect(await overview('admin', from, to, w.district.id)).toEqual(await directCount(sql`i.path like ${`${w.district.path}%`}`, from, to));
          expect(await overview('church', from, to)).toEqual(await directCount(sql`i.id = ${w.churchA.id}`, from, to));
        }
      }),
      { numRuns: 15 },
    );
  });

  it('answers from the read model only from the first of a month to a day of the same year', () => {
    expect(giverAnchor('2026-11-01', '2026-11-28')).toBe('2026-11-01');
    expect(giverAnchor('2026-01-01', '2026-12-31')).toBe('2026-01-01');
    expect(giverAnchor('2026-11-02', '2026-11-28')).toBeNull();
    expect(giverAnchor('2025-12-01', '2026-01-31')).toBeNull();
  });
});
