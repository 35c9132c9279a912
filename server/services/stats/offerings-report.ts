import type { OfferingsReport, OfferingsReportQuery, OfferingsReportRow } from '../../../domain/api/stats';
import { dayOf, dayRange } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope, rollupScopeOf } from '../auth/scope';
import type { ShareSums } from '../read-model/bank-rollups';
import { type GivingFilter, offeringTypeRanking, type ShareSumRow, shareSumsByOfferingType } from './giving-sums';
import { firstOfferingTypes, rankOfferingTypes, sumShares } from './offering-type-order';
import { reportRoot, zoneOf } from './report-scope';

/** Who may read the offerings report: the reports grant (bank, union) or the statistics grant (every institution). */
export function assertMayReadOfferings(user: AuthUser, format: OfferingsReportQuery['format']): void {
  const action = format === 'json' ? 'view' : 'export';
  if (!hasGrant(user, 'reports', action) && !hasGrant(user, 'stats', action)) throw errors.forbidden();
}

/**
 * The offerings report (spec §1): per offering type, the church, field and union shares the ledger
 * credited for givings received on the chosen days, and totals over every type. With `limit` (JSON
 * only) the rows are the first types by total and the database ranks them (offeringTypeRanking: the
 * bank's rollup sends only the types that can make the cut, and the sums over the rest), so a page
 * for a bank admin does not carry tens of thousands of rows; the totals and `types` still count
 * every type. Without it, and for every file, the rows are every type and the totals their sums.
 */
export async function offeringsReport(db: Db, user: AuthUser, q: OfferingsReportQuery, now: Date): Promise<OfferingsReport> {
  assertMayReadOfferings(user, q.format);
  const root = await reportRoot(db, user, q.institutionId);
  const zone = zoneOf(root);
  const { start, end } = dayRange(q.from, q.to, zone);
  const filter: GivingFilter = { scope: institutionScope(user), rollup: rollupScopeOf(user), underPath: root?.path ?? null, from: q.from, to: q.to, start, end, currency: q.currency, today: dayOf(now, zone) };
  const limit = q.format === 'json' ? q.limit : undefined;
  const { rows, all } = limit === undefined ? everyType(await shareSumsByOfferingType(db, filter)) : await firstTypes(db, filter, limit);
  const totals = { total: all.church + all.field + all.union, church: all.church, field: all.field, union: all.union };
  return { rows, totals, types: all.types, currency: q.currency, from: q.from, to: q.to, institution: root ? { id: root.id, title: root.title } : null };
}

function everyType(sums: ShareSumRow[]): { rows: OfferingsReportRow[]; all: ShareSums } {
  const rows = rankOfferingTypes(sums);
  return { rows, all: { types: rows.length, ...sumShares(rows) } };
}

async function firstTypes(db: Db, filter: GivingFilter, limit: number): Promise<{ rows: OfferingsReportRow[]; all: ShareSums }> {
  const ranking = await offeringTypeRanking(db, filter, limit);
  const { first, all } = firstOfferingTypes(ranking.candidates, limit, ranking.all);
  return { rows: first, all };
}
