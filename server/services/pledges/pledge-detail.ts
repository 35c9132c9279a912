import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { dayOf } from '../../../domain/calendar';
import type { PledgeDetail } from '../../../domain/api/pledges';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { pledgeAllocations, pledgeCampaigns, pledgeReminders, pledges } from '../../db/schema/members';
import { smsMessages } from '../../db/schema/messaging';
import { transactions } from '../../db/schema/money';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { callerToday } from './pledge-filters';
import { loadPledgeRows } from './pledge-list';

/** One pledge the caller's scope covers (else 404, whether it exists or not), with what paid it and every reminder. */
export async function pledgeDetail(db: Db, user: AuthUser, id: number, now: Date): Promise<PledgeDetail> {
  const today = callerToday(user, now);
  const [row] = await loadPledgeRows(db, and(eq(pledges.id, id), institutionScope(user))!, today, { limit: 1, offset: 0 });
  if (!row) throw errors.notFound();
  const [extra] = await db.select({ note: pledges.note }).from(pledges).where(eq(pledges.id, id));
  const payments = await db
    .select({
      transactionId: transactions.id,
      referenceNo: transactions.referenceNo,
      receiptNo: transactions.receiptNo,
      method: transactions.method,
      amount: pledgeAllocations.amount,
      receivedAt: transactions.receivedAt,
      reversedAt: pledgeAllocations.reversedAt,
    })
    .from(pledgeAllocations)
    .innerJoin(transactions, eq(transactions.id, pledgeAllocations.transactionId))
    .where(eq(pledgeAllocations.pledgeId, id))
    .orderBy(asc(transactions.receivedAt), asc(pledgeAllocations.id));
  const reminders = await db
    .select({ day: pledgeReminders.day, trigger: pledgeReminders.trigger, smsId: pledgeReminders.smsId, smsStatus: smsMessages.status, at: pledgeReminders.createdAt })
    .from(pledgeReminders)
    .leftJoin(smsMessages, eq(smsMessages.id, pledgeReminders.smsId))
    .where(eq(pledgeReminders.pledgeId, id))
    .orderBy(desc(pledgeReminders.day));
  return {
    ...row,
    note: extra?.note ?? null,
    payments: payments.map((p) => ({ ...p, receivedAt: p.receivedAt.toISOString(), reversedAt: p.reversedAt?.toISOString() ?? null })),
    reminders: reminders.map((r) => ({ ...r, trigger: r.trigger as 'schedule' | 'manual', at: r.at.toISOString() })),
  };
}

/** Pledge campaigns in the caller's scope, each with its pledges' count, sum pledged and sum paid. */
export async function listCampaigns(db: Db, user: AuthUser, institutionId?: number) {
  const rows = await db
    .select({
      c: pledgeCampaigns,
      zone: institutions.timeZone,
      pledgeCount: sql<number>`(select count(*)::int from ${pledges} where ${pledges.campaignId} = ${pledgeCampaigns.id})`,
      pledged: sql<string>`(select coalesce(sum(${pledges.total}), 0)::text from ${pledges} where ${pledges.campaignId} = ${pledgeCampaigns.id})`,
      paid: sql<string>`(select coalesce(sum(${pledges.paid}), 0)::text from ${pledges} where ${pledges.campaignId} = ${pledgeCampaigns.id})`,
    })
    .from(pledgeCampaigns)
    .innerJoin(institutions, eq(institutions.id, pledgeCampaigns.institutionId))
    .where(and(institutionScope(user), institutionId === undefined ? undefined : eq(pledgeCampaigns.institutionId, institutionId)))
    .orderBy(desc(pledgeCampaigns.createdAt), desc(pledgeCampaigns.id));
  return {
    data: rows.map(({ c, zone, pledgeCount, pledged, paid }) => ({
      id: c.id,
      institutionId: c.institutionId,
      name: c.name,
      target: c.target,
      offeringTypeId: c.offeringTypeId,
      endsOn: c.endsOn ? dayOf(c.endsOn, zone) : null,
      pledgeCount: Number(pledgeCount),
      pledged: Number(pledged),
      paid: Number(paid),
    })),
  };
}
