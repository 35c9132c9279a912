import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OfferingTypeUpdate } from '../../domain/api/offerings';
import { bpToPercent, divisionsProblem, percentToBp } from '../../domain/offering-rules';

const bp = fc.integer({ min: 0, max: 10_000 });

describe('the 100% rule of offering divisions', () => {
  it('accepts a division exactly when its shares total 10000, and says which way it is off otherwise', () => {
    fc.assert(
      fc.property(bp, bp, bp, (churchBp, fieldBp, unionBp) => {
        const total = churchBp + fieldBp + unionBp;
        const problem = divisionsProblem({ churchBp, fieldBp, unionBp });
        expect(problem).toBe(total > 10_000 ? 'over' : total < 10_000 ? 'under' : null);
        const parsed = OfferingTypeUpdate.safeParse({ title: 'Tithe', churchBp, fieldBp, unionBp });
        expect(parsed.success).toBe(total === 10_000);
        if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(total > 10_000 ? 'admin.divisions.over' : 'admin.divisions.under');
      }),
      { numRuns: 3000 },
    );
  });

  it('every whole division of 100% is accepted', () => {
    fc.assert(
      fc.property(bp, bp, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(divisionsProblem({ churchBp: low, fieldBp: high - low, unionBp: 10_000 - high })).toBeNull();
      }),
    );
  });

  it('percent text and basis points convert both ways without loss', () => {
    fc.assert(
      fc.property(bp, (value) => {
        expect(percentToBp(bpToPercent(value))).toBe(value);
      }),
    );
    expect(percentToBp('12,5')).toBe(1250);
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('1.234')).toBeNull();
    expect(percentToBp('')).toBeNull();
  });
});
