import { count, sql } from 'drizzle-orm';
import { dayOf, DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import type { BankDashboard } from '../../../domain/api/back-office-reports';
import type { Locale } from '../../../domain/locale';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../domain/statuses';
import type { AppContext } from '../../context';
import { registrations } from '../../db/schema/approvals';
import { bankBranches, religions } from '../../db/schema/reference';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { rollupScope } from '../auth/scope';
import { registrationScope } from '../registration/staff';
import { collectionRollup } from '../../db/schema/read-model';
import { rollupTotalsBy } from '../read-model/totals';
import { pendingRequestCounts } from '../shell/pending-counts';

const BASE_CURRENCY = 'TZS';

/** The bank's own dashboard: onboarding by state, approvals waiting, and this year's collections by branch and religion. */
export async function bankDashboard(ctx: AppContext, user: AuthUser, locale: Locale): Promise<BankDashboard> {
  if (user.userType !== 'bank') throw errors.forbidden();
  const db = ctx.database.db;
  const now = ctx.now();
  const grouped = await db.select({ status: registrations.status, n: count() }).from(registrations).where(registrationScope(user)).groupBy(registrations.status);
  // Collections come from the read model's unscoped rollup (ADR 030), which is kept per religion and branch (0: none).
  // "This year" is East Africa Time's (ADR 077): bank staff look across every institution, so no one institution's zone applies.
  const filter = { scope: rollupScope(user) ?? sql`false`, from: `${dayOf(now, DEFAULT_TIME_ZONE).slice(0, 4)}-01-01`, to: '9999-12-31', status: ['completed'], currency: BASE_CURRENCY };
  const [branchSums, religionSums, branchNames, religionNames] = await Promise.all([
    rollupTotalsBy(db, filter, [], { branchId: sql<number | null>`nullif(${collectionRollup.branchId}, 0)` }),
    rollupTotalsBy(db, filter, [], { religionId: collectionRollup.religionId }),
    db.select({ id: bankBranches.id, name: bankBranches.name }).from(bankBranches),
    db.select({ id: religions.id, en: religions.nameEn, sw: religions.nameSw }).from(religions),
  ]);
  const branchName = new Map(branchNames.map((b) => [b.id, b.name]));
  const religionName = new Map(religionNames.map((r) => [r.id, locale === 'sw' ? r.sw : r.en]));
  const byBranch = branchSums
    .filter((r) => r.transactions > 0)
    .map((r) => ({ branchId: r.branchId as number | null, branch: r.branchId === null ? null : (branchName.get(r.branchId as number) ?? null), amount: r.amount, count: r.transactions }))
    .sort((a, b) => (a.branch === null ? 1 : b.branch === null ? -1 : a.branch.localeCompare(b.branch)));
  const byReligion = religionSums
    .filter((r) => r.transactions > 0)
    .map((r) => ({ religionId: r.religionId as number, religion: religionName.get(r.religionId as number) ?? '', amount: r.amount, count: r.transactions }))
    .sort((a, b) => a.religionId - b.religionId);
  return {
    registrationsByStatus: Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, grouped.find((g) => g.status === s)?.n ?? 0])) as Record<RegistrationStatus, number>,
    pendingApprovals: await pendingRequestCounts(ctx, user),
    currency: BASE_CURRENCY,
    collectionsByBranch: byBranch,
    collectionsByReligion: byReligion,
  };
}
