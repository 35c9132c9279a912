import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLines } from '../../server/db/schema/money';
import { createCurrency, createOfferingType, receiptEntry, sync } from '../factories/desk';
import { createInstitution, type Institution } from '../factories/institutions';
import { signIn } from '../factories/sign-in';
import { createUser } from '../factories/users';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * After an affiliation move (ADR 052) the reports of a union follow the tree. The read model is
 * kept per collecting institution and summed over the current `path` (ADR 030), so the moved
 * church's history moves with it: the new union's statistics, offerings report and dashboard
 * include the church's money — what it collected before the move and after — from the approval
 * on, and never before it; the old union's no longer include any of it. The ledger is never
 * rewritten: the union share of a receipt posted before the move stays credited to the old union,
 * one posted after it is credited to the new one.
 */
describe('affiliation moves: a union’s reports follow the moved church', () => {
  let t: TestApp;
  let w: World;
  let lakeUnion: Institution;
  let lakeField: Institution;
  let lakeDistrict: Institution;
  let clock = new Date('2026-03-20T09:00:00Z');
  const h = {} as Record<'admin' | 'checker' | 'union' | 'lakeUnion' | 'church', Record<string, string>>;
  let typeId = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    w = await createWorld(t.database.db);
    const db = t.database.db;
    await createCurrency(db);
    lakeUnion = await createInstitution(db, { religionId: w.christian.id, levelId: w.union.levelId, title: 'Lake Union' });
    lakeField = await createInstitution(db, { religionId: w.christian.id, levelId: w.field.levelId, parent: lakeUnion, title: 'Lake Field' });
    lakeDistrict = await createInstitution(db, { religionId: w.christian.id, levelId: w.district.levelId, parent: lakeField, title: 'Mwanza District' });
    typeId = (await createOfferingType(db, { institutionId: w.churchA.id, churchBp: 6000, fieldBp: 2500, unionBp: 1500 })).id;
    const lakeAdmin = await createUser(db, { role: 'Union Administrator', institutionId: lakeUnion.id });
    const checker = await createUser(db, { role: 'Bank Administrator' });
    h.admin = { ...(await signIn(t.app, w.users.admin)).headers, lang: 'en' };
    h.checker = { ...(await signIn(t.app, checker)).headers, lang: 'en' };
    h.union = { ...(await signIn(t.app, w.users.union)).headers, lang: 'en' };
    h.lakeUnion = { ...(await signIn(t.app, lakeAdmin)).headers, lang: 'en' };
    h.church = { ...(await signIn(t.app, w.users.church)).headers, lang: 'en' };
  });
  afterAll(() => t.close());

  const get = async (who: keyof typeof h, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: h[who] });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json();
  };
  /** What each report says a union's subtree collected in March 2026. */
  const reportsOf = async (union: Institution, who: 'union' | 'lakeUnion') => ({
    statistics: (await get('admin', `/api/stats/overview?from=2026-03-01&to=2026-03-31&institutionId=${union.id}`)).total.amount as number,
    offerings: (await get('admin', `/api/reports/offerings?from=2026-03-01&to=2026-03-31&institutionId=${union.id}`)).totals.total as number,
    offeringsUnionShare: ((await get('admin', `/api/reports/offerings?from=2026-03-01&to=2026-03-31&institutionId=${union.id}`)).rows as Array<{ offeringTypeId: number; union: number }>)
      .filter((row) => row.offeringTypeId === typeId)
      .reduce((sum, row) => sum + row.union, 0),
    // The union's own people see the same on their dashboard (this month to date).
    dashboard: (await get(who, '/api/stats/dashboard?period=month')).totals.current.amount as number,
  });
  const unionShareCreditedTo = async () => {
    const rows = await t.database.db
      .select({ institutionId: ledgerLines.institutionId })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.account, 'share:union'), inArray(ledgerLines.offeringTypeId, [typeId])));
    return [...new Set(rows.map((row) => row.institutionId))].sort();
  };

  it('before the approval the church counts for its old union only; afterwards its money — history included — counts for the new one only', async () => {
    await sync(t.app, 'cash-receipts', h.church, [receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-08T10:00:00+03:00', lines: [{ offeringTypeId: typeId, amount: 4_000 }] })]);
    expect(await reportsOf(w.union, 'union')).toEqual({ statistics: 4_000, offerings: 4_000, offeringsUnionShare: 600, dashboard: 4_000 });
    expect(await reportsOf(lakeUnion, 'lakeUnion')).toEqual({ statistics: 0, offerings: 0, offeringsUnionShare: 0, dashboard: 0 });

    // The move is asked for; until a checker approves it, nothing in the reports moves.
    const made = await t.app.inject({ method: 'POST', url: `/api/institutions/${w.churchA.id}/affiliation`, headers: h.admin, payload: { parentId: lakeDistrict.id } });
    expect(made.statusCode, made.body).toBe(201);
    expect((await reportsOf(lakeUnion, 'lakeUnion')).statistics).toBe(0);
    expect((await reportsOf(w.union, 'union')).statistics).toBe(4_000);
    const approved = await t.app.inject({ method: 'POST', url: `/api/requests/${made.json().requestId}/approve`, headers: h.checker, payload: {} });
    expect(approved.json().status, approved.body).toBe('approved');

    // A collection after the move.
    clock = new Date('2026-03-20T09:10:00Z');
    await sync(t.app, 'cash-receipts', h.church, [receiptEntry({ institutionId: w.churchA.id, receivedAt: '2026-03-20T12:05:00+03:00', lines: [{ offeringTypeId: typeId, amount: 1_500 }] })]);

    // History moves with the church (ADR 030: the read model is summed over the current tree).
    expect(await reportsOf(lakeUnion, 'lakeUnion')).toEqual({ statistics: 5_500, offerings: 5_500, offeringsUnionShare: 825, dashboard: 5_500 });
    expect(await reportsOf(w.union, 'union')).toEqual({ statistics: 0, offerings: 0, offeringsUnionShare: 0, dashboard: 0 });
    // The old union no longer reaches the church at all.
    expect((await t.app.inject({ method: 'GET', url: `/api/stats/overview?from=2026-03-01&to=2026-03-31&institutionId=${w.churchA.id}`, headers: h.union })).statusCode).toBe(404);

    // The ledger keeps who received each union share when it was posted: the old union before, the new one after.
    const credited = await unionShareCreditedTo();
    expect(credited).toEqual([w.union.id, lakeUnion.id].sort());
    const [beforeShare] = await t.database.db
      .select({ credit: ledgerLines.credit })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.account, 'share:union'), eq(ledgerLines.institutionId, w.union.id), eq(ledgerLines.offeringTypeId, typeId)));
    expect(beforeShare?.credit).toBe(600);
    const [afterShare] = await t.database.db
      .select({ credit: ledgerLines.credit })
      .from(ledgerLines)
      .where(and(eq(ledgerLines.account, 'share:union'), eq(ledgerLines.institutionId, lakeUnion.id), eq(ledgerLines.offeringTypeId, typeId)));
    expect(afterShare?.credit).toBe(225);
  });
});
