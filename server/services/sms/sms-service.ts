import { createHash } from 'node:crypto';
import type { SmsSender } from '../../context';
import type { RawSql } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import type { AfricasTalkingClient } from '../../providers/sms/africas-talking-client';
import { chargeNextWaiting, insertChargedSms, insertChargedSmsMany } from './sms-charge';
import { dispatchSms, SMS_SEND_QUEUE, SMS_SEND_QUEUE_OPTIONS, type SmsSendJob } from './sms-dispatch';
import { creditWalletRaw } from './sms-wallet';

/**
 * The SmsSender on the context, plus the wallet operations the SMS pages need.
 * Call it AFTER your transaction commits, never inside `db.transaction(...)`: it uses its own
 * connection, and on PGlite (one connection, guarded by a transaction mutex) it would wait for
 * your transaction forever.
 */
export type SmsService = SmsSender & {
  /**
   * Adds units to an institution's wallet, records the top-up, then sends what was waiting. For
   * tests and the seed: the product's top-ups go through an approved request or a paid purchase
   * (ADR 057), which credit inside their own transaction (sms-wallet.ts) and then call releaseWaiting.
   */
  topUp(input: { institutionId: number; amount: number; createdBy?: number | null }): Promise<{ smsLeft: number; released: number }>;
  /**
   * Enqueues every 'queued' message again (at start-up and on the recovery sweep): a crash between
   * writing the row and enqueueing its job would otherwise strand it. The job id is derived from
   * the message id, so pg-boss ignores the duplicate when the job exists; the handler sends only
   * 'queued' rows. Also releases messages still waiting in a wallet that has units again (a crash
   * between a top-up's commit and its release). Answers how many were enqueued.
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
      const stranded = await deps.raw.query(
        `select distinct m.institution_id from sms_messages m join institutions i on i.id = m.institution_id
          where m.status = 'waiting_balance' and i.sms_left > 0 limit 1000`,
      );
      for (const r of stranded.rows) enqueued += await releaseWaiting(Number(r.institution_id));
      return enqueued;
    },
    async topUp({ institutionId, amount, createdBy }) {
      const { rows: found } = await deps.raw.query('select 1 from institutions where id = $1', [institutionId]);
      if (found.length === 0) throw new RangeError(`No institution ${institutionId}`);
      await creditWalletRaw(deps.raw, { institutionId, amount, createdBy: createdBy ?? null, at: deps.now(), source: 'bank', requestId: null, approvedBy: null });
      const released = await releaseWaiting(institutionId);
      const after = await deps.raw.query('select sms_left from institutions where id = $1', [institutionId]);
      return { smsLeft: Number(after.rows[0]?.sms_left ?? 0), released };
    },
  };
}
