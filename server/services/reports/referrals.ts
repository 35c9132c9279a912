import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { ReferralReport, ReferralReportQuery, ReferralRow } from '../../../domain/api/back-office-reports';
import type { AppContext } from '../../context';
import { institutions, referrers } from '../../db/schema/institutions';
import { bankBranches } from '../../db/schema/reference';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { dayRange } from './date-range';

/** /reports/referrals: each active institution that came with a referral code, with who referred it. */
export async function referralReport(ctx: AppContext, user: AuthUser, query: ReferralReportQuery): Promise<ReferralReport> {
  const conditions: SQL[] = [institutionScope(user), eq(institutions.status, 'active'), ...dayRange(institutions.createdAt, query.from, query.to)];
  if (query.referralCode) conditions.push(eq(referrers.referralCode, query.referralCode));
  const rows = await ctx.database.db
    .select({ institution: institutions, referrer: referrers, branch: bankBranches.name })
    .from(institutions)
    .innerJoin(referrers, eq(referrers.referralCode, institutions.referralCode))
    .leftJoin(bankBranches, eq(bankBranches.id, institutions.branchId))
    .where(and(...conditions))
    .orderBy(asc(referrers.referralCode), asc(institutions.createdAt), asc(institutions.id));
  const data: ReferralRow[] = rows.map(({ institution: i, referrer: r, branch }) => ({
    referralCode: r.referralCode,
    referrer: r.name,
    referrerKind: r.kind,
    referrerId: r.kind === 'staff' ? r.employeeNo : r.phone,
    institution: i.title,
    institutionCode: i.code,
    branch,
    channel: i.registrationChannel,
    registeredAt: i.createdAt.toISOString(),
  }));
  const totals = new Map<string, { referralCode: string; referrer: string; count: number }>();
  for (const row of data) {
    const entry = totals.get(row.referralCode) ?? { referralCode: row.referralCode, referrer: row.referrer, count: 0 };
    entry.count += 1;
    totals.set(row.referralCode, entry);
  }
  return { data, totals: [...totals.values()] };
}
