import { and, eq, lt, or } from 'drizzle-orm';
import {
  REGISTRATION_STEPS,
  RegistrationData,
  type RegistrationStep,
  type RegistrationView,
  type StartRegistrationInput,
} from '../../../domain/api/back-office-registration';
import { messages } from '../../../domain/messages';
import type { RegistrationStatus } from '../../../domain/statuses';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema/approvals';
import { uploads } from '../../db/schema/institutions';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { isUniqueViolation } from '../approvals/db-errors';
import { logActivity } from '../auth/activity';
import { newOpaqueToken, sha256 } from '../auth/tokens';
import { claimRateLimit } from '../payments/rate-limit';
import { toUploadInfo } from './uploads';

/**
 * A draft nobody touched for REGISTRATION_ABANDONED_DAYS is abandoned: it no longer blocks a new
 * start, its token stops working, and the prune job closes it and deletes its files.
 */
export const abandonedAfterMs = (ctx: Pick<AppContext, 'config'>) => ctx.config.registration.abandonedDays * 24 * 3_600_000;
export const abandonedReason = (ctx: Pick<AppContext, 'config'>) => `Abandoned: not completed within ${ctx.config.registration.abandonedDays} days`;

export type RegistrationRow = typeof registrations.$inferSelect;

export const registrationNotFound = () => new AppError(404, 'registration_not_found', messages.boRegistrationNotFound);
const unfinishedExists = () => new AppError(409, 'unfinished_exists', messages.boUnfinishedExists);

export function draftData(row: RegistrationRow): RegistrationData {
  const parsed = RegistrationData.safeParse(row.data);
  return parsed.success ? parsed.data : {};
}

/** The institution's title from a draft, even one whose other fields do not parse. */
export function draftTitle(data: unknown): string | null {
  const title = (data as { institution?: { title?: unknown } } | null)?.institution?.title;
  return typeof title === 'string' ? title : null;
}

export function missingSteps(data: RegistrationData): RegistrationStep[] {
  return REGISTRATION_STEPS.filter((step) => data[step] === undefined || (step === 'signatories' && (data.signatories?.length ?? 0) === 0));
}

export async function toView(db: Db, row: RegistrationRow): Promise<RegistrationView> {
  const data = draftData(row);
  const files = await db.select().from(uploads).where(eq(uploads.registrationId, row.id)).orderBy(uploads.id);
  return {
    id: row.id,
    status: row.status as RegistrationStatus,
    rejectionReason: row.rejectionReason,
    applicantPhone: row.applicantPhone,
    applicantEmail: row.applicantEmail,
    data,
    missingSteps: missingSteps(data),
    uploads: files.map(toUploadInfo),
    requestId: row.requestId,
    institutionId: row.institutionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

export type ApplicantClient = { ip: string; userAgent: string | undefined };

/**
 * Anyone may start a draft, and each draft may carry files, so starts are counted per network
 * address and per applicant phone. Each counter is claimed (one atomic upsert) before it is
 * compared, so a burst of parallel starts cannot all read "under the limit": exactly the limit
 * gets through. A refused start still counts, as a failed sign-in does.
 */
async function claimStart(ctx: AppContext, phone: string, ip: string, now: Date): Promise<void> {
  const { draftsPerIp, draftsPerPhone, draftWindowMs } = ctx.config.registration;
  const db = ctx.database.db;
  const claims = [
    { key: `registration:ip:${ip}`, limit: draftsPerIp },
    { key: `registration:phone:${phone}`, limit: draftsPerPhone },
  ];
  for (const claim of claims) {
    const verdict = await claimRateLimit(db, { ...claim, windowMs: draftWindowMs, now });
    if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds, messages.boRegistrationRateLimited, { minutes: Math.ceil(verdict.retryAfterSeconds / 60) });
  }
}

/**
 * Starts a draft for an applicant. The rule "an unfinished registration must be completed before
 * another is started" holds per applicant phone and per applicant email (partial unique indexes
 * make it hold under concurrent starts too); an abandoned draft stops counting.
 */
export async function startRegistration(ctx: AppContext, input: StartRegistrationInput, client: ApplicantClient): Promise<{ token: string; row: RegistrationRow }> {
  const db = ctx.database.db;
  const now = ctx.now();
  await claimStart(ctx, input.applicantPhone, client.ip, now);
  const email = input.applicantEmail.toLowerCase();
  const stale = new Date(now.getTime() - abandonedAfterMs(ctx));
  const same = or(eq(registrations.applicantPhone, input.applicantPhone), eq(registrations.applicantEmail, email));
  // Abandoned drafts close (kept for the record, token dead) so they stop blocking the applicant.
  await db
    .update(registrations)
    .set({ status: 'rejected', rejectionReason: abandonedReason(ctx), tokenHash: null, updatedAt: now })
    .where(and(eq(registrations.status, 'unfinished'), same, lt(registrations.updatedAt, stale)));
  const [open] = await db.select({ id: registrations.id }).from(registrations).where(and(eq(registrations.status, 'unfinished'), same)).limit(1);
  if (open) throw unfinishedExists();
  const token = newOpaqueToken();
  try {
    const [row] = await db
      .insert(registrations)
      .values({ status: 'unfinished', applicantPhone: input.applicantPhone, applicantEmail: email, step: 1, data: {}, tokenHash: sha256(token), createdAt: now, updatedAt: now })
      .returning();
    await logActivity(db, { action: 'registration.started', entityType: 'registration', entityId: String(row!.id), ipAddress: client.ip, userAgent: client.userAgent, at: now });
    return { token, row: row! };
  } catch (error) {
    if (isUniqueViolation(error)) throw unfinishedExists();
    throw error;
  }
}

/** The draft behind a token (any status: the applicant follows it through approval), or 404. */
export async function draftByToken(ctx: AppContext, token: string | undefined): Promise<RegistrationRow> {
  if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw registrationNotFound();
  const [row] = await ctx.database.db.select().from(registrations).where(eq(registrations.tokenHash, sha256(token)));
  if (!row) throw registrationNotFound();
  if (row.status === 'unfinished' && ctx.now().getTime() - row.updatedAt.getTime() > abandonedAfterMs(ctx)) throw registrationNotFound();
  return row;
}

/** Only an unfinished draft takes changes; after submitting it is what the bank reviews. */
export function assertEditable(row: RegistrationRow): void {
  if (row.status !== 'unfinished') throw new AppError(409, 'registration_locked', messages.boRegistrationLocked);
}

/** Saves one step (replacing what that step held) and answers the whole draft. */
export async function saveStep<K extends RegistrationStep>(ctx: AppContext, row: RegistrationRow, step: K, value: RegistrationData[K]): Promise<RegistrationView> {
  assertEditable(row);
  const data: RegistrationData = { ...draftData(row), [step]: value };
  const index = REGISTRATION_STEPS.indexOf(step) + 1;
  const [updated] = await ctx.database.db
    .update(registrations)
    .set({ data, step: Math.max(row.step, index), updatedAt: ctx.now() })
    .where(and(eq(registrations.id, row.id), eq(registrations.status, 'unfinished')))
    .returning();
  if (!updated) throw new AppError(409, 'registration_locked', messages.boRegistrationLocked);
  return toView(ctx.database.db, updated);
}
