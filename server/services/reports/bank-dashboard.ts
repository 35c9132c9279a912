import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { BankDashboard } from '../../../domain/api/back-office-reports';
import type { Locale } from '../../../domain/locale';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../domain/statuses';
import type { AppContext } from '../../context';
import { registrations } from '../../db/schema/approvals';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import { bankBranches, religions } from '../../db/schema/reference';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { registrationScope } from '../registration/staff';
import { pendingRequestCounts } from '../shell/pending-counts';

const BASE_CURRENCY = 'TZS';
const amount = sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`;

/** The bank's own dashboard: onboarding by state, approvals waiting, and this year's collections by branch and religion. */
export async function bankDashboard(ctx: AppContext, user: AuthUser, locale: Locale): Promise<BankDashboard> {
  if (user.userType !== 'bank') throw errors.forbidden();
  const db = ctx.database.db;
  const now = ctx.now();
  const yearStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const grouped = await db.select({ status: registrations.status, n: count() }).from(registrations).where(registrationScope(user)).groupBy(registrations.status);
  const completed = and(
    institutionScope(user),
    eq(transactions.status, 'completed'),
    eq(transactions.currency, BASE_CURRENCY),
    gte(sql`coalesce(${transactions.completedAt}, ${transactions.createdAt})`, yearStart),
  );
  const byBranch = await db
    .select({ branchId: institutions.branchId, branch: bankBranches.name, amount, count: count() })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(bankBranches, eq(bankBranches.id, institutions.branchId))
    .where(completed)
    .groupBy(institutions.branchId, bankBranches.name)
    .orderBy(bankBranches.name);
  const byReligion = await db
    .select({ religionId: religions.id, en: religions.nameEn, sw: religions.nameSw, amount, count: count() })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .innerJoin(religions, eq(religions.id, institutions.religionId))
    .where(completed)
    .groupBy(religions.id, religions.nameEn, religions.nameSw)
    .orderBy(religions.id);
  return {
    registrationsByStatus: Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, grouped.find((g) => g.status === s)?.n ?? 0])) as Record<RegistrationStatus, number>,
    pendingApprovals: await pendingRequestCounts(ctx, user),
    currency: BASE_CURRENCY,
    collectionsByBranch: byBranch.map((r) => ({ branchId: r.branchId, branch: r.branch, amount: Number(r.amount), count: r.count })),
    collectionsByReligion: byReligion.map((r) => ({ religionId: r.religionId, religion: locale === 'sw' ? r.sw : r.en, amount: Number(r.amount), count: r.count })),
  };
}
