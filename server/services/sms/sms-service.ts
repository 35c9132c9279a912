import { createHash } from 'node:crypto';
import type { SmsSender } from '../../context';
import type { RawSql } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { AfricasTalkingClient } from '../../providers/sms/africas-talking-client';
import { chargeNextWaiting, insertChargedSms, insertChargedSmsMany } from './sms-charge';
import { dispatchSms, SMS_SEND_QUEUE, SMS_SEND_QUEUE_OPTIONS, type SmsSendJob } from './sms-dispatch';

/**
 * The SmsSender on the context, plus the wallet operations the SMS pages need.
 * Call it AFTER your transaction commits, never inside `db.transaction(...)`: it uses its own
 * connection, and on PGlite (one connection, guarded by a transaction mutex) it would wait for
 * your transaction forever.
 */
export type SmsService = SmsSender & {
  /** Adds units to an institution's wallet, records the top-up, then sends what was waiting. */
  topUp(input: { institutionId: number; amount: number; createdBy?: number | null }): Promise<{ smsLeft: number; released: number }>;
  /** Charges and queues waiting messages while the wallet has units (oldest first). */
  releaseWaiting(institutionId: number): Promise<number>;
  /**
   * Enqueues every 'queued' message again (at start-up): a crash between writing the row and
   * enqueueing its job would otherwise strand it. The job id is derived from the message id, so
   * pg-boss ignores the duplicate when the job exists; the handler sends only 'queued' rows.
   */
  recoverQueued(): Promise<number>;
};

/** One job id per message (a UUID from its id), which makes enqueueing idempotent. */
export function smsJobId(smsId: number): string {
  const hex = createHash('sha256').update(`sadaka:sms-send:${smsId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createSmsService(deps: {
  raw: RawSql;
  jobs: JobRunner;
  client: AfricasTalkingClient;
  senderId: string;
  now: () => Date;
  log: { warn: (o: object, m: string) => void };
}): SmsService {
  deps.jobs.define<SmsSendJob>(SMS_SEND_QUEUE, SMS_SEND_QUEUE_OPTIONS, (job) => dispatchSms(deps, job));

  const enqueue = (smsId: number) => deps.jobs.send<SmsSendJob>(SMS_SEND_QUEUE, { smsId }, { id: smsJobId(smsId) });

  async function releaseWaiting(institutionId: number): Promise<number> {
    let released = 0;
    for (;;) {
      const id = await chargeNextWaiting(deps.raw, institutionId);
      if (id === null) return released;
      await enqueue(id);
      released++;
    }
  }

  return {
    async send(input) {
      const row = await insertChargedSms(deps.raw, {
        to: input.to,
        message: input.message,
        institutionId: input.institutionId,
        purpose: input.purpose,
        createdBy: input.createdBy ?? null,
        createdAt: deps.now(),
      });
      if (row.status === 'queued') await enqueue(row.id);
      return row;
    },
    async sendMany(inputs) {
      const rows = await insertChargedSmsMany(
        deps.raw,
        inputs.map((input) => ({ id: input.id, to: input.to, message: input.message, institutionId: input.institutionId, purpose: input.purpose, createdBy: input.createdBy ?? null })),
        deps.now(),
      );
      const queued = rows.filter((row) => row.status === 'queued');
      await deps.jobs.sendMany<SmsSendJob>(SMS_SEND_QUEUE, queued.map((row) => ({ id: smsJobId(row.id), data: { smsId: row.id } })));
      return rows;
    },
    releaseWaiting,
    async recoverQueued() {
      const { rows } = await deps.raw.query(`select id from sms_messages where status = 'queued' order by id limit 10000`);
      let enqueued = 0;
      for (const r of rows) if ((await enqueue(Number(r.id))) !== null) enqueued++;
      return enqueued;
    },
    async topUp({ institutionId, amount, createdBy }) {
      if (!Number.isInteger(amount) || amount <= 0) throw new RangeError('A top-up is a positive whole number of messages');
      // One statement, so the history and the wallet never disagree.
      const { rows } = await deps.raw.query(
        `with topup as (
           insert into sms_topups (institution_id, amount, created_by, created_at) values ($1, $2, $3, $4) returning institution_id
         )
         update institutions set sms_left = sms_left + $2 where id = (select institution_id from topup) returning id`,
        [institutionId, amount, createdBy ?? null, deps.now().toISOString()],
      );
      if (rows.length === 0) throw new RangeError(`No institution ${institutionId}`);
      const released = await releaseWaiting(institutionId);
      const after = await deps.raw.query('select sms_left from institutions where id = $1', [institutionId]);
      return { smsLeft: Number(after.rows[0]?.sms_left ?? 0), released };
    },
  };
}
