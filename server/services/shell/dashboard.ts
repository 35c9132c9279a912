import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DashboardSummary } from '../../../domain/api/dashboard';
import { addMonths, dayOf } from '../../../domain/calendar';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope, isUnscoped, rollupScope, scopeLabel } from '../auth/scope';
import { staleBatchSummary } from '../desk/batch-staleness';
import { collectionTotalsBy, rollupTotalsBy, type TotalsDimension, type TotalsFilter } from '../read-model/totals';
import { registeredMembers } from '../stats/participation';
import { topInstitutionsOfYear } from './dashboard-top-institutions';

/** Money totals are in the base currency; other currencies still count in the numbers of transactions. */
const BASE_CURRENCY = 'TZS';
const when = sql`coalesce(${transactions.completedAt}, ${transactions.createdAt})`;
const COMPLETED = ['completed'];
/** Far enough ahead that "this month so far" also holds a receipt dated a few hours into tomorrow. */
const OPEN_END = '9999-12-31';

/**
 * Dashboard figures in the caller's scope. Money comes from the read model (ADR 030): a giving counts
 * on the day it was received, a calendar date in its institution's zone; "this month" and "this year" are
 * those of today in the caller's zone (ADR 077: their institution's, East Africa Time for bank staff), and the members count from the participation read model (member_totals, ADR 067). Only the eight latest payments read a big table (by index).
 */
export async function dashboardSummary(ctx: AppContext, user: AuthUser): Promise<DashboardSummary> {
  if (!hasGrant(user, 'dashboard', 'view') && !hasGrant(user, 'entityDashboard', 'view')) throw errors.forbidden();
  const db = ctx.database.db;
  const today = dayOf(ctx.now(), user.timeZone);
  const monthStart = `${today.slice(0, 7)}-01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const twelveStart = addMonths(monthStart, -11);
  const scope = institutionScope(user);
  // A bank admin or branch officer reads the unscoped rollup (per religion and branch); an entity its subtree's rows.
  const rollup = rollupScope(user);
  const totals = (filter: Omit<TotalsFilter, 'scope'>, groupBy: Array<Exclude<TotalsDimension, 'institution'>>) =>
    rollup ? rollupTotalsBy(db, { ...filter, scope: rollup }, groupBy) : collectionTotalsBy(db, { ...filter, scope }, groupBy);
  // Open counting batches nobody closed (issue 11), flagged for those who read the desk's batches.
  const staleBatches = staleBatchSummary(ctx, user);

  const yearFilter = { from: yearStart, to: OPEN_END, status: COMPLETED, currency: BASE_CURRENCY };
  const [month, year, topInstitutions, byMethod, months, byStatus, memberCount, institutionCount, recent] = await Promise.all([
    totals({ from: monthStart, to: OPEN_END, status: COMPLETED }, ['currency']),
    // The year's total from the rollup (bank, religion, branch): the sum of every institution's year rows grew with them.
    totals(yearFilter, []),
    // The first five rows of institution_year_totals in amount order (ADR 070); an unscoped admin skips joining institutions.
    topInstitutionsOfYear(db, { ...yearFilter, status: 'completed', scope: isUnscoped(user) ? null : scope }, 5),
    totals(yearFilter, ['method']),
    totals({ from: twelveStart, to: OPEN_END, status: COMPLETED, currency: BASE_CURRENCY }, ['month']),
    // Pending of all time, failed of this month.
    Promise.all([totals({ status: ['pending'] }, []), totals({ from: monthStart, to: OPEN_END, status: ['failed'] }, [])]),
    // Members not deleted, from the participation read model (migration 0042): a few rows, not one per member.
    registeredMembers(db, user),
    db.select({ n: count() }).from(institutions).where(scope),
    db
      .select({ t: transactions, institution: institutions.title, firstName: members.firstName, lastName: members.lastName })
      .from(transactions)
      .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
      .leftJoin(members, eq(members.id, transactions.memberId))
      .where(and(scope, eq(transactions.status, 'completed')))
      .orderBy(desc(when), desc(transactions.id))
      .limit(8),
  ]);

  const titles = new Map(
    topInstitutions.length === 0
      ? []
      : (
          await db
            .select({ id: institutions.id, title: institutions.title })
            .from(institutions)
            .where(inArray(institutions.id, topInstitutions.map((row) => row.institutionId!)))
        ).map((row) => [row.id, row.title]),
  );
  const [pending, failed] = byStatus;
  const byMonth = Array.from({ length: 12 }, (_, i) => {
    const key = addMonths(twelveStart, i).slice(0, 7);
    return { month: key, amount: months.find((m) => m.month === key)?.amount ?? 0 };
  });
  const inBase = month.find((row) => row.currency === BASE_CURRENCY);
  return {
    scope: scopeLabel(user),
    collectedThisMonth: { amount: inBase?.amount ?? 0, currency: BASE_CURRENCY },
    collectedThisYear: { amount: year[0]?.amount ?? 0, currency: BASE_CURRENCY },
    transactionsThisMonth: month.reduce((sum, row) => sum + row.transactions, 0),
    pendingTransactions: pending[0]?.transactions ?? 0,
    failedTransactions: failed[0]?.transactions ?? 0,
    members: memberCount,
    institutions: institutionCount[0]?.n ?? 0,
    byMethod: byMethod
      .filter((row) => row.transactions > 0)
      .sort((a, b) => b.amount - a.amount)
      .map((row) => ({ method: row.method!, amount: row.amount, count: row.transactions })),
    byMonth,
    staleBatches: await staleBatches,
    byInstitution: topInstitutions.filter((row) => row.amount > 0).map((row) => ({ id: row.institutionId!, institution: titles.get(row.institutionId!) ?? '', amount: row.amount })),
    recent: recent.map(({ t, institution, firstName, lastName }) => ({
      id: t.id,
      reference: t.referenceNo,
      member: firstName ? `${firstName} ${lastName ?? ''}`.trim() : (t.payerName ?? ''),
      institution,
      amount: t.amount,
      currency: t.currency,
      method: t.method,
      status: t.status,
      createdAt: (t.completedAt ?? t.createdAt).toISOString(),
    })),
  };
}
