import { createHash } from 'node:crypto';
import { dayOf } from '../../../domain/calendar';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';
import { issueStatementLink, statementLinkUrl } from './statement-links';

/**
 * Sending a statement send's recipients (ADR 064), in a pg-boss job whose id comes from the send's
 * id: enqueueing twice keeps one job. Each recipient is claimed by one conditional UPDATE
 * (pending → sending) before anything goes out, so a retried job or a second replica finds it
 * taken and never sends it again. Only the claimer holds the new link's token (its hash is all
 * that is stored), so a dispatcher that dies between the claim and the message leaves that one
 * person in 'sending', visible to the treasurer, who can send to them again; never a second message.
 */
export const STATEMENT_SEND_QUEUE = 'statement-send';
const STATEMENT_SEND_QUEUE_OPTIONS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 };

export type StatementSendJob = { sendId: number };
type Deps = Pick<AppContext, 'database' | 'sms' | 'mail' | 'translator' | 'links' | 'now' | 'config'>;

export function statementSendJobId(sendId: number): string {
  const hex = createHash('sha256').update(`sadaka:statement-send:${sendId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function enqueueStatementSend(jobs: JobRunner, sendId: number): Promise<string | null> {
  return jobs.send<StatementSendJob>(STATEMENT_SEND_QUEUE, { sendId }, { id: statementSendJobId(sendId) });
}

/**
 * Sends that still have pending recipients and were never marked dispatched are queued again (at
 * start-up and on the recovery sweep): the process may have died, or the database dropped the
 * connection, between saving the send and queueing its job. The job id comes from the send id, so
 * a send whose job exists (waiting, running or retrying) is left as it is; answers how many were
 * queued anew.
 */
export async function recoverStatementSends(deps: { database: Deps['database']; jobs: JobRunner }): Promise<number> {
  const { rows } = await deps.database.raw.query(
    `select s.id from statement_sends s
      where s.dispatched_at is null
        and exists (select 1 from statement_send_recipients r where r.send_id = s.id and r.state = 'pending')`,
  );
  let queued = 0;
  for (const row of rows) if ((await enqueueStatementSend(deps.jobs, Number(row.id))) !== null) queued += 1;
  return queued;
}

export function defineStatementSendQueue(jobs: JobRunner, deps: Deps): void {
  jobs.define<StatementSendJob>(STATEMENT_SEND_QUEUE, STATEMENT_SEND_QUEUE_OPTIONS, async (job) => {
    await dispatchStatementSend(deps, job.data.sendId);
  });
}

type Claimed = { id: number; memberId: number; channel: 'sms' | 'email'; address: string; language: 'sw' | 'en'; name: string };

/** Takes the next pending recipient of a send for this dispatcher alone (SKIP LOCKED: two dispatchers take different ones). */
async function claimNext(deps: Deps, sendId: number): Promise<Claimed | null> {
  const { rows } = await deps.database.raw.query(
    `update statement_send_recipients r set state = 'sending'
       from members m
      where r.id = (select id from statement_send_recipients where send_id = $1 and state = 'pending' order by id limit 1 for update skip locked)
        and m.id = r.member_id and r.state = 'pending'
      returning r.id, r.member_id, r.channel, r.address, r.language, m.first_name, m.last_name`,
    [sendId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    channel: row.channel === 'email' ? 'email' : 'sms',
    address: String(row.address),
    language: row.language === 'en' ? 'en' : 'sw',
    name: `${String(row.first_name)} ${String(row.last_name)}`,
  };
}

/** Sends every pending recipient of a send; answers how many this call sent. */
export async function dispatchStatementSend(deps: Deps, sendId: number): Promise<number> {
  const raw = deps.database.raw;
  const { rows } = await raw.query(
    `select s.id, s.institution_id, s.year, s.created_by, i.title, i.time_zone from statement_sends s join institutions i on i.id = s.institution_id where s.id = $1`,
    [sendId],
  );
  const send = rows[0];
  if (!send) return 0;
  const institutionId = Number(send.institution_id);
  const year = Number(send.year);
  const createdBy = Number(send.created_by);
  const church = String(send.title);
  const timeZone = String(send.time_zone);
  let sent = 0;
  for (let recipient = await claimNext(deps, sendId); recipient; recipient = await claimNext(deps, sendId)) {
    try {
      const now = deps.now();
      const link = await issueStatementLink(deps.database.db, {
        memberId: recipient.memberId,
        institutionId,
        year,
        language: recipient.language,
        channel: recipient.channel,
        createdBy,
        now,
        days: deps.config.statementLinks.days,
      });
      const values = { church, year, name: recipient.name, link: statementLinkUrl(deps.links, link.token), until: dayOf(link.expiresAt, timeZone) };
      const t = (descriptor: { id: string; message: string }) => deps.translator.t(recipient.language, descriptor, values);
      let smsId: number | null = null;
      let mailId: number | null = null;
      if (recipient.channel === 'sms') {
        // The one SMS engine: charged to the institution's wallet, waiting for balance like any SMS.
        smsId = (await deps.sms.send({ to: recipient.address, message: t(messages.ssSms), institutionId, purpose: 'statement', createdBy })).id;
      } else {
        mailId = (await deps.mail.send({ to: recipient.address, subject: t(messages.ssMailSubject), text: t(messages.ssMailBody) })).id;
      }
      await raw.query(`update statement_send_recipients set state = 'sent', link_id = $2, sms_id = $3, mail_id = $4, sent_at = $5 where id = $1`, [
        recipient.id,
        link.id,
        smsId,
        mailId,
        deps.now().toISOString(),
      ]);
      sent++;
    } catch (error) {
      // One person's failure (a refused address, a database hiccup) is theirs alone: recorded, the others still go.
      await raw.query(`update statement_send_recipients set state = 'failed', error = $2 where id = $1`, [recipient.id, (error as Error).message.slice(0, 500)]);
    }
  }
  await raw.query(
    `update statement_sends set dispatched_at = $2
      where id = $1 and dispatched_at is null and not exists (select 1 from statement_send_recipients where send_id = $1 and state = 'pending')`,
    [sendId, deps.now().toISOString()],
  );
  return sent;
}
