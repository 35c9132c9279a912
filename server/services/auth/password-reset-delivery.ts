import type { ResetRequestInput } from '../../../domain/api/auth';
import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import { localizedPath, paths } from '../../../domain/paths';
import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';
import { logActivity } from './activity';
import { findUserByLogin } from './login';
import { issueCode, newSixDigitCode } from './one-time-codes';
import { newOpaqueToken } from './tokens';

export const RESET_SMS = { purpose: 'reset-sms', ttlMs: 10 * 60_000 } as const;
export const RESET_LINK = { purpose: 'reset-link', codeTtlMs: 15 * 60_000, mailTtlMs: 30 * 60_000 } as const;

/**
 * A reset request is only queued by the route: the look-up, the code and the message happen here,
 * in the background, so a real account and an unknown one cost the caller the same work and the
 * same time (the response time no longer tells which accounts exist).
 */
export const PASSWORD_RESET_QUEUE = 'password-reset';
const PASSWORD_RESET_QUEUE_OPTIONS = { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 };

export type PasswordResetJob = { username: string; channel: ResetRequestInput['channel']; locale: Locale; ip: string };
type Deps = Pick<AppContext, 'database' | 'sms' | 'mail' | 'translator' | 'links' | 'now'>;

export function definePasswordResetQueue(jobs: JobRunner, deps: Deps): void {
  jobs.define<PasswordResetJob>(PASSWORD_RESET_QUEUE, PASSWORD_RESET_QUEUE_OPTIONS, (job) => deliverReset(deps, job.data));
}

async function deliverReset(deps: Deps, job: PasswordResetJob): Promise<void> {
  const db = deps.database.db;
  const now = deps.now();
  const t = (d: { id: string; message: string }, values?: Record<string, unknown>) => deps.translator.t(job.locale, d, values);
  const user = await findUserByLogin(deps, job.username);
  if (!user || user.status !== 'activated') return;
  if (job.channel === 'sms' && user.phone) {
    const code = newSixDigitCode();
    await issueCode(db, { userId: user.id, purpose: RESET_SMS.purpose, code, ttlMs: RESET_SMS.ttlMs, now });
    await deps.sms.send({ to: user.phone, message: t(messages.smsResetCode, { code }), institutionId: null, purpose: 'password-reset' });
  } else if (job.channel === 'email' && user.email) {
    const resetId = newOpaqueToken();
    await issueCode(db, { userId: user.id, purpose: RESET_LINK.purpose, code: resetId, ttlMs: RESET_LINK.mailTtlMs, now, hashed: 'plain' });
    const link = `${deps.links.base()}${localizedPath(`${paths.reset}/${resetId}`, job.locale)}`;
    await deps.mail.send({ to: user.email, subject: t(messages.mailResetSubject), text: t(messages.mailResetBody, { name: user.name, link }) });
  } else {
    return;
  }
  await logActivity(db, { userId: user.id, action: 'auth.reset_requested', details: job.channel, ipAddress: job.ip, at: now });
}
