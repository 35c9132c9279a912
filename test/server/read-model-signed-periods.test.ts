import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type Day } from '../../domain/calendar';
import { type SignedPeriod, signedPeriods } from '../../server/services/read-model/signed-periods';

/** How many times the pieces count `day`: a year piece counts each day of its years, a month piece of its months. */
function weightOf(pieces: SignedPeriod[], day: Day): number {
  let weight = 0;
  for (const piece of pieces) {
    const row = piece.period === 'day' ? day : piece.period === 'month' ? `${day.slice(0, 7)}-01` : `${day.slice(0, 4)}-01-01`;
    if (row >= piece.first && row <= piece.last) weight += piece.sign;
  }
  return weight;
}

const base = Date.UTC(2024, 0, 1);
const dayAt = (offset: number): Day => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);

describe('signed periods: a period as day, month and year rows to add and take away (ADR 066)', () => {
  it('counts every day of [from, to] once and every other day not at all, whatever today is', () => {
    fc.assert(
      fc.property(fc.nat(1_200), fc.nat(800), fc.nat(2_000), (start, length, todayAt) => {
        const from = dayAt(start);
        const to = dayAt(start + length);
        const pieces = signedPeriods(from, to, dayAt(todayAt));
        // Every row a piece can reach lies in the years of from and to.
        for (let day: Day = `${from.slice(0, 4)}-01-01`; day <= `${to.slice(0, 4)}-12-31`; day = addDays(day, 1)) {
          expect(weightOf(pieces, day), `${from}..${to}: ${day}`).toBe(day >= from && day <= to ? 1 : 0);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reads this year so far as the year less what lies after today, and a past month as its month row', () => {
    expect(signedPeriods('2026-01-01', '2026-11-28', '2026-11-28')).toEqual([
      { period: 'year', first: '2026-01-01', last: '2026-01-01', sign: 1 },
      { period: 'month', first: '2026-12-01', last: '2026-12-01', sign: -1 },
      { period: 'day', first: '2026-11-29', last: '2026-11-30', sign: -1 },
    ]);
    expect(signedPeriods('2026-10-01', '2026-10-31', '2026-11-28')).toEqual([{ period: 'month', first: '2026-10-01', last: '2026-10-01', sign: 1 }]);
    expect(signedPeriods('2026-11-23', '2026-11-28', '2026-11-28')).toEqual([{ period: 'day', first: '2026-11-23', last: '2026-11-28', sign: 1 }]);
    // The open end of the other reports (9999-12-31) is whole years.
    expect(signedPeriods('2026-01-01', '9999-12-31', '2026-11-28')).toEqual([{ period: 'year', first: '2026-01-01', last: '9999-01-01', sign: 1 }]);
    expect(signedPeriods('2026-02-01', '2026-01-31', '2026-11-28')).toEqual([]);
  });
});
