import { and, count, desc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import type { DashboardSummary } from '../../../domain/api/dashboard';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import { errors } from '../../lib/app-error';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope, scopeLabel } from '../auth/scope';

/** Money totals are in the base currency; other currencies still count in the numbers of transactions. */
const BASE_CURRENCY = 'TZS';
const when = sql`coalesce(${transactions.completedAt}, ${transactions.createdAt})`;
const sumAmount = sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`;

function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Dashboard figures over completed transactions in the caller's scope (months in UTC). */
export async function dashboardSummary(ctx: AppContext, user: AuthUser): Promise<DashboardSummary> {
  if (!hasGrant(user, 'dashboard', 'view') && !hasGrant(user, 'entityDashboard', 'view')) throw errors.forbidden();
  const db = ctx.database.db;
  const now = ctx.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const twelveStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const scope = institutionScope(user);
  const completed = (...more: SQL[]) => and(scope, eq(transactions.status, 'completed'), ...more);
  const inBase = eq(transactions.currency, BASE_CURRENCY);
  const from = () => db.select({ amount: sumAmount, n: count() }).from(transactions).innerJoin(institutions, eq(institutions.id, transactions.institutionId));

  const [month] = await from().where(completed(inBase, gte(when, monthStart)));
  const [year] = await from().where(completed(inBase, gte(when, yearStart)));
  const [monthCount] = await from().where(completed(gte(when, monthStart)));
  const [pending] = await from().where(and(scope, eq(transactions.status, 'pending')));
  const [failed] = await from().where(and(scope, eq(transactions.status, 'failed'), gte(transactions.createdAt, monthStart)));
  const [memberCount] = await db
    .select({ n: count() })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(scope, isNull(members.deletedAt)));
  const [institutionCount] = await db.select({ n: count() }).from(institutions).where(scope);

  const byMethod = await db
    .select({ method: transactions.method, amount: sumAmount, count: count() })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(completed(inBase, gte(when, yearStart)))
    .groupBy(transactions.method)
    .orderBy(desc(sumAmount));
  const monthExpr = sql<string>`to_char(${when} at time zone 'UTC', 'YYYY-MM')`;
  const months = await db
    .select({ month: monthExpr, amount: sumAmount })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(completed(inBase, gte(when, twelveStart)))
    .groupBy(monthExpr);
  const byInstitution = await db
    .select({ institution: institutions.title, amount: sumAmount })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(completed(inBase, gte(when, yearStart)))
    .groupBy(institutions.id, institutions.title)
    .orderBy(desc(sumAmount))
    .limit(5);
  const recent = await db
    .select({ t: transactions, institution: institutions.title, firstName: members.firstName, lastName: members.lastName })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(members, eq(members.id, transactions.memberId))
    .where(completed())
    .orderBy(desc(when), desc(transactions.id))
    .limit(8);

  const byMonth = Array.from({ length: 12 }, (_, i) => {
    const key = monthKey(new Date(Date.UTC(twelveStart.getUTCFullYear(), twelveStart.getUTCMonth() + i, 1)));
    return { month: key, amount: Number(months.find((m) => m.month === key)?.amount ?? 0) };
  });
  return {
    scope: scopeLabel(user),
    collectedThisMonth: { amount: Number(month?.amount ?? 0), currency: BASE_CURRENCY },
    collectedThisYear: { amount: Number(year?.amount ?? 0), currency: BASE_CURRENCY },
    transactionsThisMonth: monthCount?.n ?? 0,
    pendingTransactions: pending?.n ?? 0,
    failedTransactions: failed?.n ?? 0,
    members: memberCount?.n ?? 0,
    institutions: institutionCount?.n ?? 0,
    byMethod: byMethod.map((row) => ({ method: row.method, amount: Number(row.amount), count: row.count })),
    byMonth,
    byInstitution: byInstitution.map((row) => ({ institution: row.institution, amount: Number(row.amount) })),
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
