import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import type { JobRunner } from '../../jobs/job-runner';
import { logActivity } from '../auth/activity';
import { issueCode, newSixDigitCode } from '../auth/one-time-codes';

/**
 * The giving page's pledge code (ADR 056): 6 digits by SMS to the phone, 10 minutes, single use,
 * bound in its hash to that phone and to one church or mosque (the purpose), so a code for one
 * congregation never opens another's pledges. It is sent from a job, as the password reset's code
 * is: the route queues the same job for every phone, so neither its answer nor its time says
 * whether the phone is a member's.
 */
export const GIVING_PLEDGE_CODE = { ttlMs: 10 * 60_000 } as const;
export const givingPledgePurpose = (institutionId: number) => `giving-pledges:${institutionId}`;

export const GIVING_PLEDGE_CODE_QUEUE = 'giving-pledge-code';
const QUEUE_OPTIONS = { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 };

/** `ip` is the asker's address, for the activity entry (optional: jobs queued before it was added lack it). */
export type GivingPledgeCodeJob = { phone: string; institutionId: number; locale: Locale; ip?: string };
type Deps = Pick<AppContext, 'database' | 'sms' | 'translator' | 'now'>;

export function defineGivingPledgeCodeQueue(jobs: JobRunner, deps: Deps): void {
  jobs.define<GivingPledgeCodeJob>(GIVING_PLEDGE_CODE_QUEUE, QUEUE_OPTIONS, (job) => deliverPledgeCode(deps, job.data));
}

async function deliverPledgeCode(deps: Deps, job: GivingPledgeCodeJob): Promise<void> {
  const db = deps.database.db;
  const [member] = await db
    .select({ id: members.id, church: institutions.title })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(eq(members.phone, job.phone), eq(members.institutionId, job.institutionId), isNull(members.deletedAt), eq(institutions.status, 'active')))
    .limit(1);
  if (!member) return;
  const code = newSixDigitCode();
  await issueCode(db, { phone: job.phone, purpose: givingPledgePurpose(job.institutionId), code, ttlMs: GIVING_PLEDGE_CODE.ttlMs, now: deps.now() });
  const message = deps.translator.t(job.locale, messages.givingPledgeCodeSms, { church: member.church, code });
  // A security code is not held back by an empty SMS wallet: institutionId null, as for the reset code.
  await deps.sms.send({ to: job.phone, message, institutionId: null, purpose: 'giving-pledge-code' });
  // Only a code actually sent is logged (the member's row, never the code): the log is read by bank
  // administrators only (no user on the row), so it reveals membership to nobody the route would not.
  await logActivity(db, { action: 'pledge.code_sent', entityType: 'member', entityId: String(member.id), ipAddress: job.ip ?? null, at: deps.now() });
}
