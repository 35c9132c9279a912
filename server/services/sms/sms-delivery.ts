import type { RawSql } from '../../db/client';

export type DeliveryReport = { id: string; status: string; phoneNumber?: string | undefined; networkCode?: string | undefined; failureReason?: string | undefined };

/** AT's final delivery states; Sent, Submitted and Buffered are on the way and change nothing. */
const FINAL: Record<string, 'delivered' | 'failed'> = { Success: 'delivered', Failed: 'failed', Rejected: 'failed' };

/**
 * Applies a delivery report. Only a message in 'sent' moves, so duplicates, late reports after a
 * final state and unknown ids are no-ops (AT retries reports and may send them twice).
 * Returns what happened, for the log.
 */
export async function applyDeliveryReport(raw: RawSql, report: DeliveryReport, now: Date): Promise<'updated' | 'ignored'> {
  const next = FINAL[report.status];
  if (!next) return 'ignored';
  const { rows } = await raw.query(
    `update sms_messages
        set status = $2,
            delivered_at = case when $2 = 'delivered' then $3::timestamptz else delivered_at end,
            failure_reason = case when $2 = 'failed' then $4 else failure_reason end,
            operator = coalesce($5, operator)
      where provider_message_id = $1 and status = 'sent'
      returning id`,
    [report.id, next, now.toISOString(), report.failureReason ? `${report.status}: ${report.failureReason}`.slice(0, 500) : report.status, report.networkCode ?? null],
  );
  return rows.length > 0 ? 'updated' : 'ignored';
}
