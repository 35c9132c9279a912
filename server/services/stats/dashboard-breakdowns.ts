import type { DashboardBreakdowns, DashboardBreakdownsQuery } from '../../../domain/api/stats';
import { dayOf } from '../../../domain/calendar';
import type { AppContext } from '../../context';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope, rollupScopeOf } from '../auth/scope';
import { countFailedCredits } from '../payments/failed-credits';
import { collectionTotalsBy, rollupTotalsBy, type TotalsDimension, type TotalsFilter } from '../read-model/totals';
import { collectionRollup } from '../../db/schema/read-model';
import { dashboardPeriods } from './dashboard-periods';
import type { ShareSums } from '../read-model/bank-rollups';
import { collectedByChild, collectedByMethod, collectedByOperator, collectedTotal, type GivingFilter, offeringTypeRanking, type ShareSumRow } from './giving-sums';
import { childrenOf } from './institution-overview';
import { firstOfferingTypes, sumShares } from './offering-type-order';
import { pledgesAttention } from './pledges-attention';
import { reportRoot, zoneOf } from './report-scope';

/** How many offering types the dashboard names; the rest are summed in one "other" row. */
export const TOP_OFFERING_TYPES = 10;

/**
 * The offering types with the largest shares, largest first, and the rest in one row: a bank admin's
 * scope holds thousands of types (each congregation names its own), a chart of thousands of bars
 * says nothing. The rows and the "other" row add up to the same shares as all the types. `rows` may
 * be only the candidates for the first places when `all` gives the sums over every type with a
 * share (the bank's rollup ranks in the database: offeringTypeRanking); without it, `rows` is every type.
 */
export function topOfferingTypes(rows: ShareSumRow[], all?: ShareSums): Pick<DashboardBreakdowns, 'byOfferingType' | 'byOfferingTypeOther'> {
  const { first: top, all: everything } = firstOfferingTypes(rows, TOP_OFFERING_TYPES, all);
  const shown = sumShares(top);
  const types = everything.types - top.length;
  const other =
    types === 0
      ? null
      : (() => {
          const church = everything.church - shown.church;
          const field = everything.field - shown.field;
          const union = everything.union - shown.union;
          return { types, total: church + field + union, church, field, union };
        })();
  return { byOfferingType: top, byOfferingTypeOther: other };
}

/**
 * The dashboard's breakdowns (issue 16): collections over this week, month or year against the
 * last, by method and network operator, by offering type and share, by the level below the viewer,
 * and failed payments, all summed from the read model (ADR 030) — a few thousand rows, never the transactions.
 */
export async function dashboardBreakdowns(ctx: AppContext, user: AuthUser, q: DashboardBreakdownsQuery): Promise<DashboardBreakdowns> {
  if (!hasGrant(user, 'dashboard', 'view') && !hasGrant(user, 'entityDashboard', 'view')) throw errors.forbidden();
  const db = ctx.database.db;
  const root = await reportRoot(db, user, undefined);
  const zone = zoneOf(root);
  const today = dayOf(ctx.now(), zone);
  const periods = dashboardPeriods(q.period, today);
  // An entity user's scope is their institution's subtree, a bank user's their religion or branch: the root adds nothing.
  const scope = institutionScope(user);
  // Bank staff (no root) read the rollups per religion and branch (ADR 066), entity users their subtree's rows.
  const rollup = root ? null : rollupScopeOf(user);
  const totals = (filter: Omit<TotalsFilter, 'scope'>, groupBy: Array<Exclude<TotalsDimension, 'institution'>>) =>
    rollup ? rollupTotalsBy(db, { ...filter, scope: rollup(collectionRollup) }, groupBy) : collectionTotalsBy(db, { ...filter, scope }, groupBy);
  // The instants are only for what the read model does not keep; nothing here needs them.
  const filterOf = (range: { from: string; to: string }): GivingFilter => ({ scope, rollup, underPath: root?.path ?? null, ...range, start: new Date(0), end: new Date(0), currency: q.currency, today });
  const current = filterOf(periods.current);

  // The tops of a bank user's scope decide how their sums are read (giving-sums.ts collectedByChild).
  const childrenRead = childrenOf(db, user, root?.id ?? null);
  const [totalCurrent, totalPreviousToDate, totalPrevious, series, byMethod, byOperator, byType, byChild, children, failed, pledges, failedCredits] = await Promise.all([
    collectedTotal(db, current),
    collectedTotal(db, filterOf(periods.previousToDate)),
    collectedTotal(db, filterOf(periods.previous)),
    totals({ from: periods.previous.from, to: periods.current.to, status: ['completed'], currency: q.currency }, [periods.grain]),
    collectedByMethod(db, current),
    collectedByOperator(db, current),
    offeringTypeRanking(db, current, TOP_OFFERING_TYPES),
    childrenRead.then((children) => collectedByChild(db, current, children)),
    childrenRead,
    totals({ ...periods.current, status: ['failed'] }, []),
    pledgesAttention(db, user, ctx.now()),
    // A state, not a period's figure: what waits now (the list behind it has no date filter).
    hasGrant(user, 'transactions', 'view') ? countFailedCredits(db, user) : null,
  ]);

  const amountAt = new Map(series.map((row) => [periods.grain === 'day' ? row.day! : `${row.month!}-01`, row.amount]));
  return {
    period: q.period,
    currency: q.currency,
    institution: root ? { id: root.id, title: root.title } : null,
    current: periods.current,
    previous: periods.previous,
    previousToDate: periods.previousToDate,
    totals: { current: totalCurrent, previousToDate: totalPreviousToDate, previous: totalPrevious },
    overTime: periods.buckets.map((bucket) => ({
      ...bucket,
      current: bucket.currentStart === null ? null : (amountAt.get(bucket.currentStart) ?? 0),
      previous: bucket.previousStart === null ? null : (amountAt.get(bucket.previousStart) ?? 0),
    })),
    byMethod: byMethod.sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method)),
    byOperator: byOperator.sort((a, b) => b.amount - a.amount || a.operator.localeCompare(b.operator)),
    ...topOfferingTypes(byType.candidates, byType.all),
    byChild: children.map((child) => ({ id: child.id, title: child.title, ...(byChild.get(child.id) ?? { amount: 0, count: 0 }) })),
    failedPayments: failed[0]?.transactions ?? 0,
    failedCredits,
    pledges,
  };
}
