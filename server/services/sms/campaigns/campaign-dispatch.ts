import { createHash } from 'node:crypto';
import type { SmsSender } from '../../../context';
import type { RawSql } from '../../../db/client';
import type { JobRunner } from '../../../jobs/job-runner';
import { isUniqueViolation } from '../../approvals/db-errors';

/**
 * Campaign sending (ADR 051). A campaign goes out in a pg-boss job (`startAfter` = its schedule,
 * never an in-process timer), in two idempotent steps:
 * 1. claim: every recipient without a message gets an id drawn from the sms_messages sequence,
 *    in send order, by one conditional UPDATE (a second dispatcher finds nothing left to claim);
 * 2. write: the claimed recipients whose message row does not exist yet are written and charged
 *    by the one SMS engine (`sendMany`) under those very ids. A retry after a crash writes only
 *    what is missing, and two writers of one id collide on the primary key: never two messages.
 * What the wallet cannot pay waits as 'waiting_balance'; a top-up releases it in id (= send) order.
 */
export const SMS_CAMPAIGN_QUEUE = 'sms-campaign';
const SMS_CAMPAIGN_QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 };
/** Messages written per sendMany statement. */
const WRITE_BATCH = 1000;

export type SmsCampaignJob = { campaignId: number };
type Deps = { raw: RawSql; sms: SmsSender; now: () => Date };

/** A UUID job id from a key, so enqueueing the same dispatch twice keeps one job. */
export function campaignJobId(key: string): string {
  const hex = createHash('sha256').update(`sadaka:sms-campaign:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Step 1 for a campaign's unclaimed recipients; answers how many were claimed. */
export async function claimUnsent(raw: RawSql, campaignId: number): Promise<number> {
  const { rows } = await raw.query(
    `update sms_campaign_recipients r set sms_id = c.new_id, attempts = r.attempts + 1
       from (select ord, nextval(pg_get_serial_sequence('sms_messages', 'id'))::int as new_id
               from (select ord from sms_campaign_recipients where campaign_id = $1 and sms_id is null order by ord) o) c
      where r.campaign_id = $1 and r.ord = c.ord and r.sms_id is null
      returning r.ord`,
    [campaignId],
  );
  return rows.length;
}

/** "Resend failed": a new id for every recipient whose current message failed; answers the ords claimed. */
export async function claimFailed(raw: RawSql, campaignId: number): Promise<number[]> {
  const { rows } = await raw.query(
    `update sms_campaign_recipients r set sms_id = c.new_id, attempts = r.attempts + 1
       from (select ord, sms_id as old_id, nextval(pg_get_serial_sequence('sms_messages', 'id'))::int as new_id
               from (select r0.ord, r0.sms_id from sms_campaign_recipients r0 join sms_messages m on m.id = r0.sms_id
                      where r0.campaign_id = $1 and m.status = 'failed' order by r0.ord) o) c
      where r.campaign_id = $1 and r.ord = c.ord and r.sms_id = c.old_id
      returning r.ord`,
    [campaignId],
  );
  return rows.map((row) => Number(row.ord));
}

/** Step 2: writes (and charges) the claimed messages that do not exist yet; answers how many. */
export async function writeClaimed(deps: Deps, campaignId: number): Promise<number> {
  let written = 0;
  for (;;) {
    const { rows } = await deps.raw.query(
      `select r.sms_id, r.phone, r.message, c.institution_id, c.created_by
         from sms_campaign_recipients r join sms_campaigns c on c.id = r.campaign_id
        where r.campaign_id = $1 and r.sms_id is not null
          and not exists (select 1 from sms_messages m where m.id = r.sms_id)
        order by r.ord limit ${WRITE_BATCH}`,
      [campaignId],
    );
    if (rows.length === 0) return written;
    try {
      await deps.sms.sendMany(
        rows.map((row) => ({
          id: Number(row.sms_id),
          to: String(row.phone),
          message: String(row.message),
          institutionId: Number(row.institution_id),
          purpose: 'campaign',
          createdBy: row.created_by === null ? null : Number(row.created_by),
        })),
      );
    } catch (error) {
      // Another dispatcher wrote some of these ids first: they exist once; look again for the rest.
      if (!isUniqueViolation(error)) throw error;
      continue;
    }
    written += rows.length;
  }
}

export async function dispatchCampaign(deps: Deps, campaignId: number): Promise<number> {
  await claimUnsent(deps.raw, campaignId);
  const written = await writeClaimed(deps, campaignId);
  await deps.raw.query('update sms_campaigns set dispatched_at = $2 where id = $1 and dispatched_at is null', [campaignId, deps.now().toISOString()]);
  return written;
}

/** Queues the dispatch of a campaign, at `startAfter` when it is scheduled. */
export function enqueueCampaign(jobs: JobRunner, campaignId: number, key: string, startAfter: Date | null): Promise<string | null> {
  return jobs.send<SmsCampaignJob>(SMS_CAMPAIGN_QUEUE, { campaignId }, { id: campaignJobId(`${campaignId}:${key}`), ...(startAfter ? { startAfter } : {}) });
}

export function defineSmsCampaignQueue(jobs: JobRunner, deps: Deps): void {
  jobs.define<SmsCampaignJob>(SMS_CAMPAIGN_QUEUE, SMS_CAMPAIGN_QUEUE_OPTIONS, async (job) => {
    await dispatchCampaign(deps, job.data.campaignId);
  });
}
