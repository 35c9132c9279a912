import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { RegistrationData } from '../../../domain/api/back-office-registration';
import type { RegistrationReport, RegistrationReportQuery } from '../../../domain/api/back-office-reports';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../domain/statuses';
import type { AppContext } from '../../context';
import { registrations } from '../../db/schema/approvals';
import { bankBranches } from '../../db/schema/reference';
import type { AuthUser } from '../auth/auth-user';
import { draftTitle } from '../registration/drafts';
import { registrationScope } from '../registration/staff';
import { dayRange } from './date-range';

/** /reports/registrations: every registration in scope, by status and date started. */
export async function registrationReport(ctx: AppContext, user: AuthUser, query: RegistrationReportQuery): Promise<RegistrationReport> {
  const db = ctx.database.db;
  const conditions: SQL[] = [registrationScope(user), ...dayRange(registrations.createdAt, query.from, query.to)];
  if (query.status) conditions.push(eq(registrations.status, query.status));
  const rows = await db
    .select({ registration: registrations, branch: bankBranches.name })
    .from(registrations)
    .leftJoin(bankBranches, eq(bankBranches.id, registrations.branchId))
    .where(and(...conditions))
    .orderBy(desc(registrations.createdAt), asc(registrations.id))
    .limit(10_000);
  const grouped = await db.select({ status: registrations.status, n: count() }).from(registrations).where(registrationScope(user)).groupBy(registrations.status);
  return {
    data: rows.map(({ registration: r, branch }) => {
      const data = RegistrationData.safeParse(r.data);
      const draft = data.success ? data.data : {};
      return {
        id: r.id,
        title: draftTitle(r.data),
        status: r.status as RegistrationStatus,
        applicantPhone: r.applicantPhone,
        branch,
        channel: draft.extras?.registrationChannel ?? null,
        referralCode: draft.extras?.referralCode ?? null,
        createdAt: r.createdAt.toISOString(),
        submittedAt: r.submittedAt?.toISOString() ?? null,
        rejectionReason: r.rejectionReason,
      };
    }),
    byStatus: Object.fromEntries(REGISTRATION_STATUSES.map((s) => [s, grouped.find((g) => g.status === s)?.n ?? 0])) as Record<RegistrationStatus, number>,
  };
}
