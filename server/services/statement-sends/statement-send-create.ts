import { and, asc, eq, exists, gte, isNull, lt, sql } from 'drizzle-orm';
import { dayRange } from '../../../domain/calendar';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import { statementSendRecipients, statementSends } from '../../db/schema/statement-sends';
import { AppError, errors } from '../../lib/app-error';
import { isUniqueViolation } from '../approvals/db-errors';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { memberInScope, type StatementMember } from '../stats/member-statement';
import { enqueueStatementSend } from './statement-send-dispatch';

type Recipient = Pick<StatementMember, 'id' | 'phone' | 'email' | 'preferredLanguage'>;

/** By email when the member has one, else by SMS to their phone (every member has one). */
function recipientRow(sendId: number, member: Recipient): typeof statementSendRecipients.$inferInsert {
  const email = member.email?.trim();
  return {
    sendId,
    memberId: member.id,
    channel: email ? 'email' : 'sms',
    address: email || member.phone,
    language: member.preferredLanguage === 'en' ? 'en' : 'sw',
  };
}

/**
 * Records a send and its recipients in one transaction, then queues its job (job id from the send
 * id). A second congregation-wide send of the same year while one is still going out collides on
 * `statement_sends_one_running` and is refused with 409.
 */
async function recordSend(ctx: AppContext, input: { institutionId: number; year: number; memberId: number | null; createdBy: number }, people: Recipient[]): Promise<number> {
  const now = ctx.now();
  let sendId: number;
  try {
    sendId = await ctx.database.db.transaction(async (tx) => {
      const [send] = await tx
        .insert(statementSends)
        .values({ institutionId: input.institutionId, year: input.year, memberId: input.memberId, recipients: people.length, createdBy: input.createdBy, createdAt: now })
        .returning({ id: statementSends.id });
      if (!send) throw new Error('insert into statement_sends returned no row');
      for (let index = 0; index < people.length; index += 1000) {
        await tx.insert(statementSendRecipients).values(people.slice(index, index + 1000).map((member) => recipientRow(send.id, member)));
      }
      return send.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'statement_sends_one_running')) throw new AppError(409, 'statement_send_running', messages.ssRunning);
    throw error;
  }
  await enqueueStatementSend(ctx.jobs, sendId);
  return sendId;
}

/** One member's statement of `year`, sent whether or not they gave (the treasurer chose them). */
export async function sendMemberStatement(ctx: AppContext, user: AuthUser, memberId: number, year: number): Promise<number> {
  const member = await memberInScope(ctx, user, memberId);
  return recordSend(ctx, { institutionId: member.institutionId, year, memberId: member.id, createdBy: user.id }, [member]);
}

/** Every member of the congregation (in the caller's scope, else not found) who gave in `year`. */
export async function sendCongregationStatements(ctx: AppContext, user: AuthUser, institutionId: number, year: number): Promise<number> {
  const db = ctx.database.db;
  const [institution] = await db
    .select({ id: institutions.id, timeZone: institutions.timeZone })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), institutionScope(user)));
  if (!institution) throw errors.notFound();
  const { start, end } = dayRange(`${year}-01-01`, `${year}-12-31`, institution.timeZone);
  const gave = db
    .select({ one: sql`1` })
    .from(transactions)
    .where(and(eq(transactions.memberId, members.id), eq(transactions.status, 'completed'), gte(transactions.receivedAt, start), lt(transactions.receivedAt, end)));
  const people = await db
    .select({ id: members.id, phone: members.phone, email: members.email, preferredLanguage: members.preferredLanguage })
    .from(members)
    .where(and(eq(members.institutionId, institutionId), isNull(members.deletedAt), exists(gave)))
    .orderBy(asc(members.lastName), asc(members.firstName), asc(members.id));
  if (people.length === 0) throw new AppError(422, 'nothing_to_send', messages.ssNobody, { year });
  return recordSend(ctx, { institutionId, year, memberId: null, createdBy: user.id }, people);
}
