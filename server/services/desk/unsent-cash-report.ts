import { and, eq, sql } from 'drizzle-orm';
import type { UnsentCashReport, UnsentCashReportAnswer } from '../../../domain/api/unsent-cash';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { unsentCashReports } from '../../db/schema/unsent-cash';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { scopedInstitutionCache } from './desk-access';

/**
 * Stores what a device says its outbox holds for the caller (issue 16, ADR 076). Every institution
 * named must be in the caller's scope — one that is not refuses the whole report, so nothing is
 * stored for anyone else's congregation. The report replaces the device's previous one for this
 * user (delete, then insert the non-empty groups): sending it twice leaves the same rows, and a
 * report of nothing removes the device from the dashboard.
 */
export async function recordUnsentCash(ctx: AppContext, user: AuthUser, report: UnsentCashReport): Promise<UnsentCashReportAnswer> {
  const db = ctx.database.db;
  const inScope = scopedInstitutionCache(db, user);
  for (const group of report.groups) {
    if (!(await inScope(group.institutionId))) throw new AppError(403, 'forbidden', messages.receiptInstitutionNotAllowed);
  }
  const reportedAt = ctx.now();
  await db.transaction(async (tx) => {
    // Two reports of one device and user at once (two tabs) take turns: without the lock both could
    // delete nothing and then insert the same keys. Other devices and users never wait.
    await tx.execute(sql`select pg_advisory_xact_lock(${user.id}, hashtext(${report.deviceId}))`);
    await tx.delete(unsentCashReports).where(and(eq(unsentCashReports.userId, user.id), eq(unsentCashReports.deviceId, report.deviceId)));
    if (report.groups.length === 0) return;
    await tx.insert(unsentCashReports).values(
      report.groups.map((group) => ({
        userId: user.id,
        deviceId: report.deviceId,
        institutionId: group.institutionId,
        currency: group.currency,
        receipts: group.receipts,
        held: group.held,
        amount: group.amount,
        oldestAt: new Date(group.oldestAt),
        reportedAt,
      })),
    );
  });
  return { reportedAt: reportedAt.toISOString(), receipts: report.groups.reduce((sum, group) => sum + group.receipts, 0) };
}
