import { and, desc, eq } from 'drizzle-orm';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { pledgeReminders, pledges } from '../../db/schema/members';
import { AppError, errors } from '../../lib/app-error';
import { logActivity } from '../auth/activity';
import { institutionScope } from '../auth/scope';
import type { Actor } from './pledge-create';
import { callerToday } from './pledge-filters';
import { loadPledgeRows } from './pledge-list';
import { remindPledgeNow } from './pledge-reminders';

/**
 * POST /api/pledges/{id}/remind: one pledge the caller's scope covers (else 404), still open (a
 * pledge paid in full is refused), reminded now unless it already was today: then nothing is sent
 * and the answer says so, with today's message.
 */
export async function remindNow(ctx: AppContext, actor: Actor, id: number) {
  const db = ctx.database.db;
  const today = callerToday(actor.user, ctx.now());
  const [row] = await loadPledgeRows(db, and(eq(pledges.id, id), institutionScope(actor.user))!, today, { limit: 1, offset: 0 });
  if (!row) throw errors.notFound();
  if (row.state === 'fulfilled') throw new AppError(409, 'pledge_fulfilled', messages.pledgeFulfilledNoReminder);
  const sent = await remindPledgeNow(ctx, id, actor.user.id);
  if (!sent) {
    // Today's reminder, by whoever claimed it; its message is null while that request is still sending.
    const [todays] = await db
      .select({ smsId: pledgeReminders.smsId, at: pledgeReminders.createdAt })
      .from(pledgeReminders)
      .where(eq(pledgeReminders.pledgeId, id))
      .orderBy(desc(pledgeReminders.day))
      .limit(1);
    return { sent: false, smsId: todays?.smsId ?? null, remindedAt: todays?.at.toISOString() ?? null };
  }
  await logActivity(db, {
    userId: actor.user.id,
    sessionId: actor.sessionId,
    action: 'pledge.reminded',
    entityType: 'pledge',
    entityId: String(id),
    details: `sms ${sent.smsId}`,
    ipAddress: actor.ip,
    userAgent: actor.userAgent,
    at: sent.at,
  });
  return { sent: true, smsId: sent.smsId, remindedAt: sent.at.toISOString() };
}
