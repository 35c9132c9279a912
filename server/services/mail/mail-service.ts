import type { Mailer } from '../../context';
import type { RawSql } from '../../db/client';
import type { MailTransport } from '../../providers/mail/smtp-transport';

/**
 * Every mail is recorded in mail_outbox first, whatever the transport, so there is a trace of
 * what was sent and of SMTP failures. An SMTP failure is recorded in `error` and logged, not
 * thrown: the business action (an approval, a reset request) has already happened and must not
 * be reported as failed because a mail server was down.
 */
export function createMailService(deps: {
  raw: RawSql;
  transport: MailTransport;
  from: string;
  now: () => Date;
  log: { error: (o: object, m: string) => void };
}): Mailer {
  return {
    async send({ to, subject, text }) {
      const { rows } = await deps.raw.query(
        `insert into mail_outbox (to_address, subject, body_text, transport, created_at) values ($1, $2, $3, $4, $5) returning id`,
        [to, subject, text, deps.transport.name, deps.now().toISOString()],
      );
      const id = Number(rows[0]?.id);
      try {
        await deps.transport.deliver({ from: deps.from, to, subject, text });
        await deps.raw.query('update mail_outbox set sent_at = $2 where id = $1', [id, deps.now().toISOString()]);
      } catch (error) {
        const reason = (error as Error).message.slice(0, 500);
        deps.log.error({ mailId: id, reason }, 'mail delivery failed');
        await deps.raw.query('update mail_outbox set error = $2 where id = $1', [id, reason]);
      }
      return { id };
    },
  };
}

export type OutboxMail = { id: number; to: string; subject: string; text: string; transport: string; sentAt: string | null; error: string | null; createdAt: string };

/** The outbox, newest first (for the local outbox page and tests). */
export async function listMailOutbox(raw: RawSql, limit = 100): Promise<OutboxMail[]> {
  const { rows } = await raw.query(
    'select id, to_address, subject, body_text, transport, sent_at, error, created_at from mail_outbox order by id desc limit $1',
    [limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    to: String(r.to_address),
    subject: String(r.subject),
    text: String(r.body_text),
    transport: String(r.transport),
    sentAt: r.sent_at ? new Date(r.sent_at as string).toISOString() : null,
    error: r.error === null ? null : String(r.error),
    createdAt: new Date(r.created_at as string).toISOString(),
  }));
}
