import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Day, dayOf, windowEndDay } from '../../../domain/calendar';
import type { PledgeFilters } from '../../../domain/api/pledges';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members, pledges } from '../../db/schema/members';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from '../desk/desk-access';

/** A pledge's due date as the calendar day of its institution's zone (stored as that day's start). */
export const dueDay = sql<string>`to_char(${pledges.dueDate} at time zone ${institutions.timeZone}, 'YYYY-MM-DD')`;
const dueDate = sql`(${pledges.dueDate} at time zone ${institutions.timeZone})::date`;
export const isOpen = sql`${pledges.paid} < ${pledges.total}`;

/** The caller's "today": the day in their institution's zone (bank staff: the default zone). */
export function callerToday(user: AuthUser, now: Date): Day {
  return dayOf(now, user.timeZone);
}

/** 'fulfilled' when paid in full, 'overdue' when open and due before today, else 'open'. */
export function pledgeState(today: Day) {
  return sql<string>`case when ${pledges.paid} >= ${pledges.total} then 'fulfilled' when ${dueDate} < ${today}::date then 'overdue' else 'open' end`;
}

/**
 * The pledges a caller may see that match the filters, as one condition on `pledges` joined to
 * `institutions` (the scope) and `members` (the search). Due windows come from domain/calendar:
 * "7 days" is today and the six after, "1 month" up to the day before the same date next month;
 * they hold open pledges only, as a list of what is still to collect.
 */
export async function pledgeConditions(db: Db, user: AuthUser, filters: PledgeFilters, today: Day): Promise<SQL> {
  const conditions: SQL[] = [institutionScope(user)];
  if (filters.institutionId !== undefined) {
    await requireScopedInstitution(db, user, filters.institutionId);
    conditions.push(eq(pledges.institutionId, filters.institutionId));
  }
  if (filters.memberId !== undefined) conditions.push(eq(pledges.memberId, filters.memberId));
  if (filters.campaignId !== undefined) conditions.push(eq(pledges.campaignId, filters.campaignId));
  if (filters.due === 'fulfilled') conditions.push(sql`${pledges.paid} >= ${pledges.total}`);
  else if (filters.due === 'overdue') conditions.push(isOpen, sql`${dueDate} < ${today}::date`);
  else if (filters.due !== undefined) conditions.push(isOpen, sql`${dueDate} between ${today}::date and ${windowEndDay(filters.due, today)}::date`);
  if (filters.search) {
    const pattern = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(lower(${members.firstName} || ' ' || ${members.lastName}) like ${pattern} or lower(${members.code}) like ${pattern} or ${members.phone} like ${pattern})`,
    );
  }
  return and(...conditions)!;
}
