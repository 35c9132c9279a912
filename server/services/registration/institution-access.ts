import { and, eq, sql } from 'drizzle-orm';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import type {
  AmendmentInput,
  InstitutionAccess,
  InstitutionAccessCodeInput,
  InstitutionAccessVerifyInput,
  PublicNewAccountInput,
} from '../../../domain/api/back-office-registration';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { institutions, signatories } from '../../db/schema/institutions';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import { authErrors } from '../auth/auth-errors';
import { claimAttempts, lockedKeys, networkGuard, networkKey } from '../auth/lockout';
import { consumeCode, findLink, issueCode, newSixDigitCode } from '../auth/one-time-codes';
import { newOpaqueToken } from '../auth/tokens';
import { toAuthUser } from '../auth/load-user';
import type { Caller } from '../approvals/decide-request';
import { requestAmendment, requestNewAccount } from './account-requests';
import type { BankCore } from './bank-core';

const CODE_TTL_MS = 10 * 60_000;
const ACCESS_TTL_MS = 30 * 60_000;
const ACCESS_PURPOSE = 'institution-access-token';
const codePurpose = (institutionId: number) => `institution-access:${institutionId}`;

type Client = { ip: string; userAgent: string | undefined; t: Caller['t'] };

/** The institution and its default user, when this phone is one the bank holds for it (default user or a signatory). */
async function match(ctx: AppContext, input: InstitutionAccessCodeInput) {
  const db = ctx.database.db;
  const [institution] = await db.select().from(institutions).where(and(sql`upper(${institutions.code}) = ${input.institutionCode}`, eq(institutions.status, 'active')));
  if (!institution || institution.defaultUserId === null) return null;
  const [owner] = await db.select().from(users).where(eq(users.id, institution.defaultUserId));
  if (!owner || owner.deletedAt || owner.status !== 'activated') return null;
  const phones = (await db.select({ phone: signatories.phone }).from(signatories).where(eq(signatories.institutionId, institution.id))).map((s) => s.phone);
  if (owner.phone) phones.push(owner.phone);
  return phones.includes(input.phone) ? { institution, owner } : null;
}

async function refuseLockedNetwork(ctx: AppContext, ip: string) {
  if ((await lockedKeys(ctx.database.db, [networkKey(ip)], ctx.now())).size > 0) throw authErrors.networkLocked();
}

/** Sends a code when the details match; the caller never learns whether they did. */
export async function sendInstitutionAccessCode(ctx: AppContext, input: InstitutionAccessCodeInput, client: Client): Promise<void> {
  await refuseLockedNetwork(ctx, client.ip);
  const found = await match(ctx, input);
  if (!found) return;
  const code = newSixDigitCode();
  await issueCode(ctx.database.db, { userId: found.owner.id, purpose: codePurpose(found.institution.id), code, ttlMs: CODE_TTL_MS, now: ctx.now(), subject: input.phone });
  await ctx.sms.send({ to: input.phone, message: client.t(messages.boSmsAccessCode, { institution: found.institution.title, code }), institutionId: null, purpose: 'institution-access' });
  await logActivity(ctx.database.db, { userId: found.owner.id, action: 'institution_access.code_sent', entityType: 'institution', entityId: String(found.institution.id), ipAddress: client.ip, userAgent: client.userAgent, at: ctx.now() });
}

/** A correct code buys a 30-minute access token for that one institution; wrong codes count against the address. */
export async function verifyInstitutionAccess(ctx: AppContext, input: InstitutionAccessVerifyInput, client: Client): Promise<InstitutionAccess> {
  const db = ctx.database.db;
  const now = ctx.now();
  // Counted before the code is compared, so parallel guesses cannot outrun the address limit.
  const claim = await claimAttempts(db, [networkGuard(client.ip)], now);
  if (!claim.ok) throw authErrors.networkLocked();
  const found = await match(ctx, input);
  const result = found ? await consumeCode(db, { userId: found.owner.id, purpose: codePurpose(found.institution.id), code: input.code, now }) : 'invalid';
  if (result !== 'ok' || !found) throw result === 'locked' ? authErrors.codeLocked() : authErrors.codeInvalid();
  await claim.release();
  const accessToken = newOpaqueToken();
  await issueCode(db, { userId: found.owner.id, purpose: ACCESS_PURPOSE, code: accessToken, ttlMs: ACCESS_TTL_MS, now, subject: `institution:${found.institution.id}`, hashed: 'plain' });
  await logActivity(db, { userId: found.owner.id, action: 'institution_access.granted', entityType: 'institution', entityId: String(found.institution.id), ipAddress: client.ip, userAgent: client.userAgent, at: now });
  const { institution } = found;
  return { accessToken, expiresAt: new Date(now.getTime() + ACCESS_TTL_MS).toISOString(), institution: { id: institution.id, title: institution.title, code: institution.code } };
}

/** The caller as the institution's default user, for a live access token; otherwise 401. */
async function actingAs(ctx: AppContext, token: string | undefined, client: Client): Promise<{ caller: Caller; institutionId: number }> {
  const invalid = () => new AppError(401, 'access_invalid', messages.boAccessInvalid);
  if (!token || !/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw invalid();
  const link = await findLink(ctx.database.db, ACCESS_PURPOSE, token, ctx.now());
  const institutionId = Number(/^institution:(\d+)$/.exec(link?.subject ?? '')?.[1]);
  if (!link || !institutionId) throw invalid();
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, link.userId));
  const user = row ? await toAuthUser(ctx.database.db, row) : null;
  if (!user || user.institutionId !== institutionId) throw invalid();
  return { caller: { user, sessionId: null, ip: client.ip, userAgent: client.userAgent, t: client.t }, institutionId };
}

export async function publicNewAccount(ctx: AppContext, core: BankCore, token: string | undefined, input: PublicNewAccountInput, client: Client): Promise<SubmittedRequest> {
  const { caller, institutionId } = await actingAs(ctx, token, client);
  return requestNewAccount(ctx, core, caller, { institutionId, accountNumber: input.accountNumber });
}

export async function publicAmendment(ctx: AppContext, token: string | undefined, input: AmendmentInput, client: Client): Promise<SubmittedRequest> {
  const { caller, institutionId } = await actingAs(ctx, token, client);
  return requestAmendment(ctx, caller, institutionId, input);
}
