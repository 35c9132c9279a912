import type { OfferingsReport, OfferingsReportQuery, ShareTotals } from '../../../domain/api/stats';
import { dayRange } from '../../../domain/calendar';
import type { Db } from '../../db/client';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope, rollupScopeOf } from '../auth/scope';
import { shareSumsByOfferingType } from './giving-sums';
import { reportRoot, zoneOf } from './report-scope';

/** Who may read the offerings report: the reports grant (bank, union) or the statistics grant (every institution). */
export function assertMayReadOfferings(user: AuthUser, format: OfferingsReportQuery['format']): void {
  const action = format === 'json' ? 'view' : 'export';
  if (!hasGrant(user, 'reports', action) && !hasGrant(user, 'stats', action)) throw errors.forbidden();
}

const zero = (): ShareTotals => ({ total: 0, church: 0, field: 0, union: 0 });

/**
 * The offerings report (spec §1): per offering type, the church, field and union shares the ledger
 * credited for givings received on the chosen days, and totals that are the sums of the rows.
 */
export async function offeringsReport(db: Db, user: AuthUser, q: OfferingsReportQuery): Promise<OfferingsReport> {
  assertMayReadOfferings(user, q.format);
  const root = await reportRoot(db, user, q.institutionId);
  const { start, end } = dayRange(q.from, q.to, zoneOf(root));
  const sums = await shareSumsByOfferingType(db, { scope: institutionScope(user), rollup: rollupScopeOf(user), underPath: root?.path ?? null, from: q.from, to: q.to, start, end, currency: q.currency });
  const rows = sums
    .map((row) => ({ ...row, total: row.church + row.field + row.union }))
    .filter((row) => row.church !== 0 || row.field !== 0 || row.union !== 0)
    .sort((a, b) => b.total - a.total || a.title.localeCompare(b.title) || a.offeringTypeId - b.offeringTypeId);
  const totals = rows.reduce((sum, row) => ({ total: sum.total + row.total, church: sum.church + row.church, field: sum.field + row.field, union: sum.union + row.union }), zero());
  return { rows, totals, currency: q.currency, from: q.from, to: q.to, institution: root ? { id: root.id, title: root.title } : null };
}
