import type { OfferingsReportRow } from '../../../domain/api/stats';
import type { ShareSums } from '../read-model/bank-rollups';
import type { ShareSumRow } from './giving-sums';

type Shares = { church: number; field: number; union: number };

/**
 * The order every list of offering types is shown in (the offerings report, the dashboard's top
 * ten): largest total share first, then title, then id, so equal totals never swap places between
 * two requests. Types whose shares are all zero are left out (they were given nothing this period).
 */
export function rankOfferingTypes(rows: readonly ShareSumRow[]): OfferingsReportRow[] {
  return rows
    .map((row) => ({ ...row, total: row.church + row.field + row.union }))
    .filter((row) => row.church !== 0 || row.field !== 0 || row.union !== 0)
    .sort((a, b) => b.total - a.total || a.title.localeCompare(b.title) || a.offeringTypeId - b.offeringTypeId);
}

export function sumShares(rows: readonly Shares[]): Shares {
  return rows.reduce((acc, row) => ({ church: acc.church + row.church, field: acc.field + row.field, union: acc.union + row.union }), { church: 0, field: 0, union: 0 });
}

/**
 * The first `n` offering types in that order, and the sums over every type with a share (how many,
 * and their church, field and union shares). `candidates` is what offeringTypeRanking answered:
 * every type that can rank among the first n (ties at the cut included, so the title and id decide
 * here, as they do for the whole list) with `all` the sums over every type when the database
 * ranked them (the bank's rollup); without `all`, `candidates` is every type of the scope.
 */
export function firstOfferingTypes(candidates: readonly ShareSumRow[], n: number, all?: ShareSums): { first: OfferingsReportRow[]; all: ShareSums } {
  const ranked = rankOfferingTypes(candidates);
  return { first: ranked.slice(0, n), all: all ?? { types: ranked.length, ...sumShares(ranked) } };
}
