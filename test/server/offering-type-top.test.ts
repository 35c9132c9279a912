import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Day } from '../../domain/calendar';
import type { RollupScope } from '../../server/services/auth/scope';
import { offeringTypeRankingByType } from '../../server/services/read-model/bank-rollups';
import { wholeRowLessAhead } from '../../server/services/read-model/offering-type-top';
import { createTestApp, type TestApp } from './harness';

/** Wednesday 18 March 2026: days after it are "ahead" (the odd receipt dated into tomorrow or later). */
const TODAY: Day = '2026-03-18';
const TYPES = 24;
/** Each type belongs to one congregation, so to one religion and branch (0 = none). */
const homeOf = (type: number) => ({ religion: 1 + (type % 2), branch: type % 3 });
const DAYS: Day[] = [];
for (let at = Date.UTC(2025, 11, 28); at <= Date.UTC(2026, 3, 3); at += 86_400_000) DAYS.push(new Date(at).toISOString().slice(0, 10));

type DayRow = { type: number; day: Day; currency: 'TZS' | 'KES'; church: number; field: number; union: number };

/** Few distinct amounts, so totals tie often; a reversal dated ahead can leave a day negative. */
const dayRow = fc.record({
  type: fc.integer({ min: 1, max: TYPES }),
  day: fc.constantFrom(...DAYS),
  currency: fc.constantFrom('TZS' as const, 'TZS' as const, 'TZS' as const, 'KES' as const),
  church: fc.constantFrom(0, 600, 1_200, 3_000, -600),
  field: fc.constantFrom(0, 300, 600),
  union: fc.constantFrom(0, 100, 200),
});

describe('the first offering types of a whole month or year so far, read in total order (ADR 072)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * offering_rollup as its triggers keep it, through the function they call: each day row with its
   * month's (week and year rows, and the sums per religion and branch, come from them), one giving
   * at a time, so the count of types with a share goes up and down as shares appear and cancel out.
   */
  async function load(rows: DayRow[]) {
    const raw = t.database.raw;
    await raw.query('delete from offering_rollup');
    await raw.query('delete from offering_rollup_sums');
    for (const row of rows) {
      const home = homeOf(row.type);
      const two = <T>(value: T) => [value, value];
      await raw.query(
        'select offering_rollup_add($1::int[], $2::int[], $3::int[], $4::text[], $5::date[], $6::int[], $7::text[], $8::bigint[], $9::bigint[], $10::bigint[])',
        [two(1), two(home.religion), two(home.branch), ['day', 'month'], [row.day, `${row.day.slice(0, 7)}-01`], two(row.type), two(row.currency), two(row.church), two(row.field), two(row.union)],
      );
    }
  }

  type Shares = { offeringTypeId: number; title: string; church: number; field: number; union: number };

  /** Every type's shares over [from, to] in scope, summed day by day from the rows themselves: what any read of the rollup must give. */
  function everyType(rows: DayRow[], from: Day, to: Day, inScope: (type: number) => boolean): Shares[] {
    const perType = new Map<number, Shares>();
    for (const row of rows) {
      if (row.currency !== 'TZS' || row.day < from || row.day > to || !inScope(row.type)) continue;
      const sum = perType.get(row.type) ?? { offeringTypeId: row.type, title: '', church: 0, field: 0, union: 0 };
      perType.set(row.type, { ...sum, church: sum.church + row.church, field: sum.field + row.field, union: sum.union + row.union });
    }
    return [...perType.values()].filter((row) => row.church !== 0 || row.field !== 0 || row.union !== 0);
  }

  /** The first n as the dashboard and the report order them: total, then title, then id. */
  const firstOf = (rows: Shares[], n: number) =>
    rows
      .map((row) => ({ ...row, total: row.church + row.field + row.union }))
      .sort((a, b) => b.total - a.total || a.title.localeCompare(b.title) || a.offeringTypeId - b.offeringTypeId)
      .slice(0, n);

  const PERIODS: Array<[Day, Day, string]> = [
    ['2026-03-16', TODAY, 'this week so far (Monday to Wednesday)'],
    ['2026-03-09', '2026-03-15', 'a whole past week'],
    ['2025-12-29', '2026-01-04', 'a week across the new year'],
    ['2026-03-01', TODAY, 'this month so far'],
    ['2026-01-01', TODAY, 'this year so far'],
    ['2026-02-01', '2026-02-28', 'a whole past month'],
    ['2025-01-01', '2025-12-31', 'a whole past year'],
  ];
  const SCOPES: Array<[RollupScope, (type: number) => boolean, string]> = [
    [() => sql`true`, () => true, 'the bank'],
    [(table) => eq(table.religionId, 2), (type) => homeOf(type).religion === 2, 'a religion'],
    [(table) => eq(table.branchId, 1), (type) => homeOf(type).branch === 1, 'a branch'],
  ];

  it('every period it serves is one whole row less rows after today', () => {
    for (const [from, to, name] of PERIODS) expect(wholeRowLessAhead(from, to, TODAY), name).not.toBeNull();
    // Not from a Monday, a month up to a past day, a week up to a past day: those are summed per type as before.
    expect(wholeRowLessAhead('2026-03-10', '2026-03-15', TODAY)).toBeNull();
    expect(wholeRowLessAhead('2026-02-01', '2026-02-20', TODAY)).toBeNull();
    expect(wholeRowLessAhead('2026-03-09', '2026-03-12', TODAY)).toBeNull();
  });

  it('brings every type tied at the cut, so the first by title and id win whatever order the rows lie in', async () => {
    // Twelve equal types written highest id first: the index hands out ties in any order.
    const rows: DayRow[] = [];
    for (let type = TYPES; type > TYPES - 12; type--) rows.push({ type, day: '2026-03-02', currency: 'TZS', church: 600, field: 300, union: 100 });
    await load(rows);
    const read = await offeringTypeRankingByType(t.database.db, () => sql`true`, { from: '2026-03-01', to: TODAY, currency: 'TZS' }, TODAY, 3);
    expect(firstOf(read.candidates, 3).map((row) => row.offeringTypeId)).toEqual([TYPES - 11, TYPES - 10, TYPES - 9]);
    expect(read.all).toEqual({ types: 12, church: 7_200, field: 3_600, union: 1_200 });
  });

  it('ranks the same types, ties at the cut and "other" included, as summing every type day by day', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(dayRow, { minLength: 0, maxLength: 160 }), fc.constantFrom(1, 3, 10), async (rows, n) => {
        await load(rows);
        for (const [from, to, period] of PERIODS) {
          for (const [scope, inScope, who] of SCOPES) {
            const read = await offeringTypeRankingByType(t.database.db, scope, { from, to, currency: 'TZS' }, TODAY, n);
            const every = everyType(rows, from, to, inScope);
            const sum = (key: 'church' | 'field' | 'union') => every.reduce((acc, row) => acc + row[key], 0);
            const at = `${period}, ${who}, n = ${n}`;
            expect(firstOf(read.candidates, n), at).toEqual(firstOf(every, n));
            expect(read.all, at).toEqual({ types: every.length, church: sum('church'), field: sum('field'), union: sum('union') });
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
