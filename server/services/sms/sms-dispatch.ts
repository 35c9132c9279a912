import type { RawSql } from '../../db/client';
import type { JobContext } from '../../jobs/job-runner';
import { AT_ACCEPTED_CODES, AfricasTalkingError, type AfricasTalkingClient } from '../../providers/sms/africas-talking-client';
import { refundSms } from './sms-charge';
import { applyEarlyReport } from './sms-delivery';

export const SMS_SEND_QUEUE = 'sms-send';

/** Five tries over about 15 minutes (30 s, 1 min, 2 min, 4 min, 8 min with pg-boss back-off). */
export const SMS_SEND_QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 };

export type SmsSendJob = { smsId: number };

type Deps = { raw: RawSql; client: AfricasTalkingClient; senderId: string; now: () => Date; log: { warn: (o: object, m: string) => void } };

/**
 * Sends one queued message. Only a row still 'queued' is sent, so a job that runs twice sends
 * once. Errors that a retry may cure (timeouts, network, 5xx) are thrown for pg-boss to retry;
 * on the last try, and for errors no retry cures (bad credentials, refused number), the row is
 * marked failed with the reason and the unit is refunded.
 */
export async function dispatchSms(deps: Deps, job: JobContext<SmsSendJob>): Promise<void> {
  const { rows } = await deps.raw.query('select id, institution_id, receiver, message, status from sms_messages where id = $1', [job.data.smsId]);
  const row = rows[0];
  if (!row || row.status !== 'queued') return;
  const institutionId = row.institution_id === null ? null : Number(row.institution_id);
  let result;
  try {
    result = await deps.client.send({ to: [String(row.receiver)], message: String(row.message), from: deps.senderId });
  } catch (error) {
    const retryable = error instanceof AfricasTalkingError ? error.retryable : true;
    const reason = error instanceof AfricasTalkingError ? `${error.kind}: ${error.message}` : (error as Error).message;
    if (retryable && job.retryCount < job.retryLimit) {
      deps.log.warn({ smsId: job.data.smsId, retryCount: job.retryCount, reason }, 'SMS send failed, will retry');
      throw error;
    }
    await markFailed(deps, job.data.smsId, institutionId, reason.slice(0, 500));
    return;
  }
  const recipient = result.recipients[0];
  if (!recipient || !AT_ACCEPTED_CODES.includes(recipient.statusCode)) {
    await markFailed(deps, job.data.smsId, institutionId, recipient ? `${recipient.statusCode} ${recipient.status}` : 'no recipient in the answer');
    return;
  }
  await deps.raw.query(
    `update sms_messages set status = 'sent', provider_message_id = $2, cost = $3, sender = $4, sent_at = $5
      where id = $1 and status = 'queued'`,
    [job.data.smsId, recipient.messageId, recipient.cost, deps.senderId, deps.now().toISOString()],
  );
  await applyEarlyReport(deps.raw, recipient.messageId, deps.now());
}

async function markFailed(deps: Deps, smsId: number, institutionId: number | null, reason: string) {
  const { rows } = await deps.raw.query(
    `update sms_messages set status = 'failed', failure_reason = $2 where id = $1 and status = 'queued' returning id`,
    [smsId, reason],
  );
  // Refund only when this call made the transition, so a repeated job cannot refund twice.
  if (rows.length > 0) await refundSms(deps.raw, institutionId);
}
