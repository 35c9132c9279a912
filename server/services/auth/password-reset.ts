import type { ResetRequestInput } from '../../../domain/api/auth';
import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import { localizedPath, paths } from '../../../domain/paths';
import type { AppContext } from '../../context';
import { logActivity } from './activity';
import { authErrors } from './auth-errors';
import { claimAttempts, lockedKeys, networkGuard, networkKey } from './lockout';
import { findUserByLogin } from './login';
import { consumeCode, issueCode, newSixDigitCode } from './one-time-codes';
import { newOpaqueToken } from './tokens';

export const RESET_SMS = { purpose: 'reset-sms', ttlMs: 10 * 60_000 } as const;
export const RESET_LINK = { purpose: 'reset-link', codeTtlMs: 15 * 60_000, mailTtlMs: 30 * 60_000 } as const;

type Caller = { ip: string; locale: Locale; t: (d: { id: string; message: string }, v?: Record<string, unknown>) => string };

async function refuseLockedNetwork(ctx: AppContext, ip: string): Promise<void> {
  if ((await lockedKeys(ctx.database.db, [networkKey(ip)], ctx.now())).size > 0) throw authErrors.networkLocked();
}

/**
 * Sends a reset code by SMS or a reset link by mail. The caller always gets the same answer,
 * whether or not the account exists, so the form cannot be used to discover accounts.
 */
export async function requestReset(ctx: AppContext, input: ResetRequestInput, caller: Caller): Promise<void> {
  await refuseLockedNetwork(ctx, caller.ip);
  const db = ctx.database.db;
  const now = ctx.now();
  const user = await findUserByLogin(ctx, input.username);
  if (!user || user.status !== 'activated') return;
  if (input.channel === 'sms' && user.phone) {
    const code = newSixDigitCode();
    await issueCode(db, { userId: user.id, purpose: RESET_SMS.purpose, code, ttlMs: RESET_SMS.ttlMs, now });
    await ctx.sms.send({ to: user.phone, message: caller.t(messages.smsResetCode, { code }), institutionId: null, purpose: 'password-reset' });
  } else if (input.channel === 'email' && user.email) {
    const resetId = newOpaqueToken();
    await issueCode(db, { userId: user.id, purpose: RESET_LINK.purpose, code: resetId, ttlMs: RESET_LINK.mailTtlMs, now, hashed: 'plain' });
    const link = `${ctx.links.base()}${localizedPath(`${paths.reset}/${resetId}`, caller.locale)}`;
    await ctx.mail.send({ to: user.email, subject: caller.t(messages.mailResetSubject), text: caller.t(messages.mailResetBody, { name: user.name, link }) });
  } else {
    return;
  }
  await logActivity(db, { userId: user.id, action: 'auth.reset_requested', details: input.channel, ipAddress: caller.ip, at: now });
}

/** Trades a correct SMS code for a short-lived reset id; wrong codes also count against the address. */
export async function verifyResetCode(ctx: AppContext, input: { username: string; code: string }, ip: string): Promise<{ resetId: string }> {
  const db = ctx.database.db;
  const now = ctx.now();
  const claim = await claimAttempts(db, [networkGuard(ip)], now);
  if (!claim.ok) throw authErrors.networkLocked();
  const user = await findUserByLogin(ctx, input.username);
  const result = user && user.status === 'activated' ? await consumeCode(db, { userId: user.id, purpose: RESET_SMS.purpose, code: input.code, now }) : 'invalid';
  if (result !== 'ok' || !user) throw result === 'locked' ? authErrors.codeLocked() : authErrors.codeInvalid();
  await claim.release();
  const resetId = newOpaqueToken();
  await issueCode(db, { userId: user.id, purpose: RESET_LINK.purpose, code: resetId, ttlMs: RESET_LINK.codeTtlMs, now, hashed: 'plain' });
  return { resetId };
}
