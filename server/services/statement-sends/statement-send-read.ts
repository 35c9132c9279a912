import type { StatementSend, StatementSendList, StatementSendPerson } from '../../../domain/api/statement-sends';
import type { AppContext } from '../../context';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { and, desc, eq } from 'drizzle-orm';
import { institutions } from '../../db/schema/institutions';
import { statementSends } from '../../db/schema/statement-sends';

/** People shown in a send's detail; `recipients` and the counts cover everyone. */
const PEOPLE_LIMIT = 1000;

type SendHead = Omit<StatementSend, 'people'>;

async function heads(ctx: AppContext, user: AuthUser, where: { sendId?: number; institutionId?: number }): Promise<SendHead[]> {
  const db = ctx.database.db;
  const conditions = [institutionScope(user)];
  if (where.sendId !== undefined) conditions.push(eq(statementSends.id, where.sendId));
  if (where.institutionId !== undefined) conditions.push(eq(statementSends.institutionId, where.institutionId));
  const rows = await db
    .select({
      id: statementSends.id,
      institutionId: institutions.id,
      title: institutions.title,
      year: statementSends.year,
      memberId: statementSends.memberId,
      recipients: statementSends.recipients,
      createdAt: statementSends.createdAt,
      dispatchedAt: statementSends.dispatchedAt,
    })
    .from(statementSends)
    .innerJoin(institutions, eq(institutions.id, statementSends.institutionId))
    .where(and(...conditions))
    .orderBy(desc(statementSends.id))
    .limit(50);
  if (rows.length === 0) return [];
  const { rows: counted } = await ctx.database.raw.query(
    `select send_id,
            count(*) filter (where state in ('pending','sending'))::int as pending,
            count(*) filter (where state = 'sent')::int as sent,
            count(*) filter (where state = 'failed')::int as failed,
            count(*) filter (where channel = 'email')::int as by_email,
            count(*) filter (where channel = 'sms')::int as by_sms
       from statement_send_recipients where send_id = any($1::int[]) group by send_id`,
    [rows.map((row) => row.id)],
  );
  const counts = new Map(counted.map((c) => [Number(c.send_id), { pending: Number(c.pending), sent: Number(c.sent), failed: Number(c.failed), byEmail: Number(c.by_email), bySms: Number(c.by_sms) }]));
  return rows.map((row) => ({
    id: row.id,
    institution: { id: row.institutionId, title: row.title },
    year: row.year,
    memberId: row.memberId,
    recipients: row.recipients,
    createdAt: row.createdAt.toISOString(),
    dispatchedAt: row.dispatchedAt?.toISOString() ?? null,
    counts: counts.get(row.id) ?? { pending: 0, sent: 0, failed: 0, byEmail: 0, bySms: 0 },
  }));
}

/** What became of each message: the SMS engine's status, or the mail's (sent, or its SMTP error). */
function deliveryOf(row: Record<string, unknown>): StatementSendPerson['delivery'] {
  if (row.sms_status) return row.sms_status as StatementSendPerson['delivery'];
  if (row.mail_id === null || row.mail_id === undefined) return 'none';
  if (row.mail_error) return 'failed';
  return row.mail_sent_at ? 'sent' : 'queued';
}

/** One send with its people (in the caller's scope, else not found). */
export async function readStatementSend(ctx: AppContext, user: AuthUser, sendId: number): Promise<StatementSend> {
  const [head] = await heads(ctx, user, { sendId });
  if (!head) throw errors.notFound();
  const { rows } = await ctx.database.raw.query(
    `select r.member_id, m.first_name, m.last_name, m.code, r.channel, r.address, r.state, r.error, r.mail_id,
            s.status as sms_status, o.sent_at as mail_sent_at, o.error as mail_error
       from statement_send_recipients r
       join members m on m.id = r.member_id
       left join sms_messages s on s.id = r.sms_id
       left join mail_outbox o on o.id = r.mail_id
      where r.send_id = $1
      order by m.last_name, m.first_name, m.id
      limit ${PEOPLE_LIMIT}`,
    [sendId],
  );
  return {
    ...head,
    people: rows.map((row) => ({
      memberId: Number(row.member_id),
      name: `${String(row.first_name)} ${String(row.last_name)}`,
      code: String(row.code),
      channel: row.channel === 'email' ? 'email' : 'sms',
      address: String(row.address),
      state: row.state as StatementSendPerson['state'],
      delivery: deliveryOf(row),
      error: row.error === null ? (row.mail_error === null || row.mail_error === undefined ? null : String(row.mail_error)) : String(row.error),
    })),
  };
}

/** An institution's sends (in scope, else not found), newest first. */
export async function listStatementSends(ctx: AppContext, user: AuthUser, institutionId: number): Promise<StatementSendList> {
  const [inScope] = await ctx.database.db.select({ id: institutions.id }).from(institutions).where(and(eq(institutions.id, institutionId), institutionScope(user)));
  if (!inScope) throw errors.notFound();
  return { data: await heads(ctx, user, { institutionId }) };
}
