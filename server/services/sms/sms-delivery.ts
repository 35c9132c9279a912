import type { RawSql } from '../../db/client';

export type DeliveryReport = { id: string; status: string; phoneNumber?: string | undefined; networkCode?: string | undefined; failureReason?: string | undefined };

/** AT's final delivery states; Sent, Submitted and Buffered are on the way and change nothing. */
const FINAL: Record<string, 'delivered' | 'failed'> = { Success: 'delivered', Failed: 'failed', Rejected: 'failed' };

/**
 * Applies a delivery report. Only a message in 'sent' moves, so duplicates and late reports after a
 * final state are no-ops (AT retries reports and may send them twice). A report for an id we have
 * not recorded yet is kept as early and applied once the send records it.
 * Returns what happened, for the log.
 */
export async function applyDeliveryReport(raw: RawSql, report: DeliveryReport, now: Date): Promise<'updated' | 'early' | 'ignored'> {
  if (!FINAL[report.status]) return 'ignored';
  if (await moveSentMessage(raw, report, now)) return 'updated';
  const { rows: known } = await raw.query('select 1 from sms_messages where provider_message_id = $1', [report.id]);
  // The send may have recorded the id (and 'sent') between the first try and this look: try once
  // more before calling it a duplicate, or the message would stay 'sent' for good.
  if (known.length > 0) return (await moveSentMessage(raw, report, now)) ? 'updated' : 'ignored';
  await raw.query(
    `insert into sms_early_reports (provider_message_id, status, failure_reason, network_code, received_at)
     values ($1, $2, $3, $4, $5) on conflict (provider_message_id) do nothing`,
    [report.id, report.status, report.failureReason ?? null, report.networkCode ?? null, now.toISOString()],
  );
  // The send may have recorded the id between our two looks: check again now that the report is stored.
  if (await moveSentMessage(raw, report, now)) {
    await raw.query('delete from sms_early_reports where provider_message_id = $1', [report.id]);
    return 'updated';
  }
  return 'early';
}

/** Called right after a send records the provider's id: applies a report that beat it here. */
export async function applyEarlyReport(raw: RawSql, providerMessageId: string, now: Date): Promise<void> {
  const { rows } = await raw.query('delete from sms_early_reports where provider_message_id = $1 returning status, failure_reason, network_code', [providerMessageId]);
  const early = rows[0];
  if (!early) return;
  await moveSentMessage(
    raw,
    {
      id: providerMessageId,
      status: String(early.status),
      failureReason: early.failure_reason === null ? undefined : String(early.failure_reason),
      networkCode: early.network_code === null ? undefined : String(early.network_code),
    },
    now,
  );
}

async function moveSentMessage(raw: RawSql, report: DeliveryReport, now: Date): Promise<boolean> {
  const next = FINAL[report.status];
  if (!next) return false;
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
  return rows.length > 0;
}
