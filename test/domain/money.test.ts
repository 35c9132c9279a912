import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Divisions, formatMoney, SHARES, splitAmount } from '../../domain/money';

const divisionsArb = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }))
  .map(([a, b]): Divisions => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    return { church: low, field: high - low, union: 10_000 - high };
  });

describe('splitAmount (largest remainder)', () => {
  it('always adds up to the amount exactly, with every share within one unit of its exact part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), divisionsArb, (amount, divisions) => {
        const parts = splitAmount(amount, divisions);
        expect(parts.church + parts.field + parts.union).toBe(amount);
        for (const share of SHARES) {
          const exact = (amount * divisions[share]) / 10_000;
          expect(Math.abs(parts[share] - exact)).toBeLessThan(1);
          expect(parts[share]).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('breaks ties in the fixed order church, field, union', () => {
    // 1 unit split three ways evenly-ish: 3334/3333/3333 → the remainder goes to church.
    expect(splitAmount(1, { church: 3334, field: 3333, union: 3333 })).toEqual({ church: 1, field: 0, union: 0 });
    // Equal remainders: 2 units at 50/50/0 → 1 and 1.
    expect(splitAmount(2, { church: 5000, field: 5000, union: 0 })).toEqual({ church: 1, field: 1, union: 0 });
    // 1 unit at exactly equal thirds is impossible in basis points; 5000/5000 gives the unit to church.
    expect(splitAmount(1, { church: 5000, field: 5000, union: 0 })).toEqual({ church: 1, field: 0, union: 0 });
    expect(splitAmount(1, { church: 0, field: 5000, union: 5000 })).toEqual({ church: 0, field: 1, union: 0 });
  });

  it('splits a real tithe: TZS 10,001.00 at 60/25/15', () => {
    expect(splitAmount(1_000_100, { church: 6000, field: 2500, union: 1500 })).toEqual({ church: 600_060, field: 250_025, union: 150_015 });
  });

  it('refuses divisions that do not total 100% and amounts that are not whole minor units', () => {
    expect(() => splitAmount(100, { church: 5000, field: 5000, union: 1 })).toThrow(RangeError);
    expect(() => splitAmount(10.5, { church: 10_000, field: 0, union: 0 })).toThrow(RangeError);
    expect(() => splitAmount(-1, { church: 10_000, field: 0, union: 0 })).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('shows minor units as the currency amount', () => {
    expect(formatMoney(1_000_000, 'TZS', 'en')).toMatch(/10,000/);
    expect(formatMoney(150_000, 'UGX', 'en')).toMatch(/150,000/);
  });

  it('shows a whole amount without decimals and any other with all of them (never one cent digit)', () => {
    expect(formatMoney(5_000_000, 'TZS', 'en')).toMatch(/50,000$/);
    expect(formatMoney(3_216_510, 'TZS', 'en')).toMatch(/32,165\.10$/);
    expect(formatMoney(3_216_510, 'TZS', 'sw')).toMatch(/32,165\.10$/);
    expect(formatMoney(3_216_501, 'TZS', 'en')).toMatch(/32,165\.01$/);
    expect(formatMoney(-250, 'USD', 'en')).toMatch(/2\.50/);
  });
});
