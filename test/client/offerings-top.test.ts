import { describe, expect, it } from 'vitest';
import { OFFERINGS_REPORT_MAX_LIMIT } from '../../domain/limits';
import { moreOf, OFFERINGS_FIRST, restOf } from '../../src/features/stats/offerings-top';

const row = (total: number) => ({ total, church: total / 2, field: total / 4, union: total / 4 });

describe('the offerings section’s rest and pages (ADR 071)', () => {
  it('the rest is the period’s totals less the rows named, with how many types it holds', () => {
    const named = [row(800), row(400)];
    const report = { types: 5, totals: { total: 2_000, church: 1_000, field: 500, union: 500 } };
    expect(restOf(report, named)).toEqual({ types: 3, total: 800, church: 400, field: 200, union: 200 });
    // Named plus the rest are the totals again.
    const rest = restOf(report, named)!;
    for (const key of ['total', 'church', 'field', 'union'] as const) expect(named.reduce((sum, r) => sum + r[key], 0) + rest[key]).toBe(report.totals[key]);
  });

  it('no rest when every type is named', () => {
    expect(restOf({ types: 2, totals: { total: 1_200, church: 600, field: 300, union: 300 } }, [row(800), row(400)])).toBeNull();
    expect(restOf({ types: 0, totals: { total: 0, church: 0, field: 0, union: 0 } }, [])).toBeNull();
  });

  it('Show more doubles the page up to the server’s most', () => {
    const pages = [OFFERINGS_FIRST];
    while (pages.at(-1)! < OFFERINGS_REPORT_MAX_LIMIT) pages.push(moreOf(pages.at(-1)!, OFFERINGS_REPORT_MAX_LIMIT));
    expect(pages).toEqual([25, 50, 100, 200, 400, 800, 1000]);
  });
});
