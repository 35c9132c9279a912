import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ApplicationPayload } from '../../../domain/api/back-office';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import type { RegistrationList, RegistrationListQuery, RegistrationView } from '../../../domain/api/back-office-registration';
import { messages } from '../../../domain/messages';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '../../../domain/statuses';
import type { AppContext } from '../../context';
import { registrations } from '../../db/schema/approvals';
import { AppError, errors } from '../../lib/app-error';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorId, cursorTime, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { Caller } from '../approvals/decide-request';
import { submitRequest } from '../approvals/submit-request';
import type { AuthUser } from '../auth/auth-user';
import type { BankCore } from './bank-core';
import { draftData, draftTitle, type RegistrationRow, toView } from './drafts';
import { checkInstitution, lookUpAccount } from './steps';

/** Branch staff see the registrations held at their branch; administrators those of the active religion (or all). */
export function registrationScope(user: AuthUser): SQL {
  if (user.userType !== 'bank') return sql`false`;
  if (user.roleKind === 'branch') return user.branchId === null ? sql`false` : eq(registrations.branchId, user.branchId);
  return user.religionId === null ? sql`true` : eq(registrations.religionId, user.religionId);
}

/** Newest first: the position is (updated_at to the microsecond, id). */
const Position = z.tuple([cursorTime, cursorId]);

/**
 * The registration summary: newest first, with how many are in each state. With `cursor` the page
 * starts after that position (keyset, ADR 062); `offset` still pages without it.
 */
export async function listRegistrations(ctx: AppContext, user: AuthUser, query: RegistrationListQuery, t: Translate): Promise<RegistrationList> {
  const db = ctx.database.db;
  const after = decodeCursor(query.cursor, Position, t);
  const scope = registrationScope(user);
  const where = query.status ? and(scope, eq(registrations.status, query.status)) : scope;
  const fetched = await db
    .select({ row: registrations, position: microsecondText(registrations.updatedAt) })
    .from(registrations)
    .where(and(where, after ? afterPosition([registrations.updatedAt, registrations.id], after, 'desc', ['timestamptz', 'integer']) : undefined))
    .orderBy(desc(registrations.updatedAt), desc(registrations.id))
    .limit(query.limit + 1)
    .offset(after ? 0 : query.offset);
  const { page, nextCursor } = pageOf(fetched, query.limit, (fetchedRow) => [fetchedRow.position, fetchedRow.row.id]);
  const rows = page.map((fetchedRow) => fetchedRow.row);
  const [total] = await db.select({ n: count() }).from(registrations).where(where);
  const grouped = await db.select({ status: registrations.status, n: count() }).from(registrations).where(scope).groupBy(registrations.status);
  const byStatus = Object.fromEntries(REGISTRATION_STATUSES.map((status) => [status, grouped.find((g) => g.status === status)?.n ?? 0])) as Record<RegistrationStatus, number>;
  return {
    data: rows.map((row) => ({
      id: row.id,
      status: row.status as RegistrationStatus,
      title: draftTitle(row.data),
      applicantPhone: row.applicantPhone,
      branchId: row.branchId,
      rejectionReason: row.rejectionReason,
      requestId: row.requestId,
      institutionId: row.institutionId,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    count: total?.n ?? 0,
    byStatus,
    nextCursor,
  };
}

async function loadInScope(ctx: AppContext, user: AuthUser, id: number): Promise<RegistrationRow> {
  const [row] = await ctx.database.db.select().from(registrations).where(and(eq(registrations.id, id), registrationScope(user)));
  if (!row) throw errors.notFound();
  return row;
}

export async function getRegistration(ctx: AppContext, user: AuthUser, id: number): Promise<RegistrationView> {
  return toView(ctx.database.db, await loadInScope(ctx, user, id));
}

/**
 * Branch staff send a submitted registration for approval: they become the maker of an
 * `application` request carrying the full registration, which a different user must approve.
 */
export async function forwardRegistration(ctx: AppContext, core: BankCore, caller: Caller, id: number): Promise<SubmittedRequest> {
  const row = await loadInScope(ctx, caller.user, id);
  if (row.status !== 'submitted' || row.requestId !== null) throw new AppError(409, 'not_submitted', messages.boRegistrationNotSubmitted);
  const data = draftData(row);
  const { institution, bankAccount, signatories, defaultUser, extras } = data;
  if (!institution || !bankAccount || !signatories || !defaultUser || !extras) throw new AppError(409, 'not_submitted', messages.boRegistrationNotSubmitted);
  const db = ctx.database.db;
  await checkInstitution(db, institution, row.id);
  const account = await lookUpAccount(db, core, bankAccount.accountNumber);
  const payload: ApplicationPayload = {
    kind: 'registration',
    registrationId: row.id,
    institution,
    bankAccount: { accountNumber: account.accountNumber, accountName: account.accountName, branchId: account.branchId, currency: account.currency },
    signatories,
    defaultUser,
    referralCode: extras.referralCode,
    registrationChannel: extras.registrationChannel,
  };
  return db.transaction(async (tx) => {
    const request = await submitRequest(tx, {
      type: 'application',
      subject: `registration:${row.id}`,
      title: institution.title,
      payload,
      makerId: caller.user.id,
      branchId: row.branchId,
      religionId: row.religionId,
      now: ctx.now(),
      client: { ip: caller.ip, userAgent: caller.userAgent, sessionId: caller.sessionId },
    });
    await tx.update(registrations).set({ requestId: request.id, updatedAt: ctx.now() }).where(eq(registrations.id, row.id));
    return { requestId: request.id, status: 'requested' as const };
  });
}
