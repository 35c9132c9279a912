import { and, asc, eq, isNull } from 'drizzle-orm';
import { dayOf } from '../../../domain/calendar';
import type { GivingPledge, GivingPledgeCodeInput, GivingPledgeVerifyInput } from '../../../domain/api/giving-pledges';
import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members, offeringTypes, pledges } from '../../db/schema/members';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import { authErrors } from '../auth/auth-errors';
import { claimAttempts, type Guard, lockedKeys, networkGuard, networkKey } from '../auth/lockout';
import { consumeCode } from '../auth/one-time-codes';
import { dueDay, isOpen } from '../pledges/pledge-filters';
import { GIVING_PLEDGE_CODE, GIVING_PLEDGE_CODE_QUEUE, type GivingPledgeCodeJob, givingPledgePurpose } from './giving-pledge-code';
import { claimRateLimit, phoneCounterKey } from './rate-limit';

/**
 * How often codes may be asked for: per phone (nobody floods a stranger's phone with codes) and per
 * address (nobody walks a list of numbers), in the database so every replica counts together.
 */
export const PLEDGE_CODE_LIMITS = { perPhone: 3, perIp: 10, windowMs: 15 * 60_000 } as const;
/** Wrong codes for one phone, from any address, before the phone's pledges are shut for 15 minutes. */
export const PLEDGE_PHONE_FAILURES = 10;

const phoneGuard = (phone: string): Guard => ({ key: phoneCounterKey('giving-pledges', phone), limit: PLEDGE_PHONE_FAILURES });

/** Step 1: the same answer, after the same work, for every phone; the job sends the code if the phone is a member's there. */
export async function requestPledgeCode(ctx: AppContext, input: GivingPledgeCodeInput, caller: { ip: string; locale: Locale }): Promise<{ expiresInSeconds: number }> {
  const db = ctx.database.db;
  const now = ctx.now();
  if ((await lockedKeys(db, [networkKey(caller.ip)], now)).size > 0) throw authErrors.networkLocked();
  const window = { windowMs: PLEDGE_CODE_LIMITS.windowMs, now };
  const byIp = await claimRateLimit(db, { key: `pledge-code:ip:${caller.ip}`, limit: PLEDGE_CODE_LIMITS.perIp, ...window });
  if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds);
  const byPhone = await claimRateLimit(db, { key: phoneCounterKey('pledge-code', input.phone), limit: PLEDGE_CODE_LIMITS.perPhone, ...window });
  if (!byPhone.allowed) throw new RateLimitedError(byPhone.retryAfterSeconds);
  await ctx.jobs.send<GivingPledgeCodeJob>(GIVING_PLEDGE_CODE_QUEUE, { phone: input.phone, institutionId: input.institutionId, locale: caller.locale, ip: caller.ip });
  return { expiresInSeconds: GIVING_PLEDGE_CODE.ttlMs / 1000 };
}

/**
 * Step 2: a right code opens the phone's open pledges at that church or mosque. The attempt is
 * claimed on the address and the phone BEFORE the code is compared (and on the code itself, in
 * consumeCode), so parallel guesses never compare more than the limits allow. Wrong, expired, spent
 * and killed codes and unknown phones all answer `code_invalid`: a distinct answer would only ever
 * reach real members and so reveal them.
 */
export async function verifyPledgeCode(ctx: AppContext, input: GivingPledgeVerifyInput, ip: string): Promise<GivingPledge[]> {
  const db = ctx.database.db;
  const now = ctx.now();
  // Refusals are logged against the church or mosque with the reason code only: never the code
  // typed, nor the phone (a probe of strangers' numbers must not fill the log with them).
  const refused = (details: string) =>
    logActivity(db, { action: details === 'otp_invalid' ? 'pledge.code_refused' : 'pledge.code_locked', entityType: 'institution', entityId: String(input.institutionId), details, ipAddress: ip, at: now });
  const claim = await claimAttempts(db, [networkGuard(ip), phoneGuard(input.phone)], now);
  if (!claim.ok) {
    const network = claim.lockedKey.startsWith('ip:');
    await refused(network ? 'network_locked' : 'phone_locked');
    throw network ? authErrors.networkLocked() : new AppError(423, 'phone_locked', messages.givingPledgePhoneLocked);
  }
  const result = await consumeCode(db, { phone: input.phone, purpose: givingPledgePurpose(input.institutionId), code: input.code, now });
  if (result !== 'ok') {
    await refused('otp_invalid');
    throw authErrors.codeInvalid();
  }
  await claim.release();
  return openPledgesOf(db, input.phone, input.institutionId, now);
}

/** The open pledges of the members with this phone at this institution, oldest due first. */
export async function openPledgesOf(db: Db, phone: string, institutionId: number, now: Date): Promise<GivingPledge[]> {
  const rows = await db
    .select({
      id: pledges.id,
      memberId: pledges.memberId,
      offeringTypeId: offeringTypes.id,
      offeringTypeTitle: offeringTypes.title,
      currency: pledges.currency,
      total: pledges.total,
      paid: pledges.paid,
      dueDate: dueDay,
      zone: institutions.timeZone,
    })
    .from(pledges)
    .innerJoin(members, eq(members.id, pledges.memberId))
    .innerJoin(institutions, eq(institutions.id, pledges.institutionId))
    // A pledge without an offering type cannot be named on a payment line; the giving page pays lines.
    .innerJoin(offeringTypes, eq(offeringTypes.id, pledges.offeringTypeId))
    .where(and(eq(pledges.institutionId, institutionId), eq(members.phone, phone), eq(members.institutionId, institutionId), isNull(members.deletedAt), isOpen))
    .orderBy(asc(pledges.dueDate), asc(pledges.id));
  return rows.map((row) => ({
    id: row.id,
    memberId: row.memberId,
    offeringType: { id: row.offeringTypeId, title: row.offeringTypeTitle },
    currency: row.currency,
    total: row.total,
    paid: row.paid,
    remaining: row.total - row.paid,
    dueDate: row.dueDate,
    overdue: row.dueDate < dayOf(now, row.zone),
  }));
}

