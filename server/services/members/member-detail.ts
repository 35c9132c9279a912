import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { dayOf, dayStart } from '../../../domain/calendar';
import type { MemberDetail, MemberHistory } from '../../../domain/api/members';
import type { Db } from '../../db/client';
import { institutions, zones } from '../../db/schema/institutions';
import { members, offeringTypes, pledges } from '../../db/schema/members';
import { smsMessages } from '../../db/schema/messaging';
import { transactionLines, transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedMember, type ScopedMember } from './member-scope';

const HISTORY_ROWS = 200;
const SMS_ROWS = 50;

/** Midnight of 1 January of `now`'s year, in the institution's time zone. */
function yearStart(now: Date, timeZone: string): Date {
  return dayStart(`${dayOf(now, timeZone).slice(0, 4)}-01-01`, timeZone);
}

/**
 * Completed giving by this member that the caller may see: after a transfer, each church keeps
 * what was given to it (ADR 024), so the condition is on the transaction's institution, not the member's.
 */
const visibleGiving = (user: AuthUser, memberId: number) => and(eq(transactions.memberId, memberId), eq(transactions.status, 'completed'), institutionScope(user));

async function givingTotals(db: Db, user: AuthUser, memberId: number, since?: Date) {
  const rows = await db
    .select({ currency: transactions.currency, amount: sql<string>`sum(${transactions.amount})` })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(and(visibleGiving(user, memberId), since ? gte(transactions.receivedAt, since) : undefined))
    .groupBy(transactions.currency)
    .orderBy(transactions.currency);
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

export function toMemberDetail(member: ScopedMember, zone: { id: number; name: string } | null, totals: MemberDetail['totals']): MemberDetail {
  return {
    id: member.id,
    code: member.code,
    firstName: member.firstName,
    lastName: member.lastName,
    names: `${member.firstName} ${member.lastName}`,
    phone: member.phone,
    email: member.email,
    gender: member.gender,
    preferredLanguage: member.preferredLanguage === 'en' ? 'en' : 'sw',
    country: member.country,
    addressOne: member.addressOne,
    city: member.city,
    state: member.state,
    postalCode: member.postalCode,
    createdAt: member.createdAt.toISOString(),
    institution: { id: member.institution.id, title: member.institution.title, code: member.institution.code },
    zone,
    totals,
  };
}

/** The member with church, zone and giving totals (this year and all time, minor units); 404 outside scope. */
export async function memberDetail(db: Db, user: AuthUser, id: number, now: Date): Promise<MemberDetail> {
  const member = await requireScopedMember(db, user, id);
  const [zone] = member.zoneId ? await db.select({ id: zones.id, name: zones.name }).from(zones).where(eq(zones.id, member.zoneId)) : [];
  const [thisYear, allTime] = await Promise.all([
    givingTotals(db, user, member.id, yearStart(now, member.institution.timeZone)),
    givingTotals(db, user, member.id),
  ]);
  return toMemberDetail(member, zone ?? null, { thisYear, allTime });
}

/** Giving (payments and cash receipts), totals per offering type and year, pledges and SMS of one member. */
export async function memberHistory(db: Db, user: AuthUser, id: number): Promise<MemberHistory> {
  const member = await requireScopedMember(db, user, id);
  const giving = await db
    .select({
      id: transactions.id,
      method: transactions.method,
      status: transactions.status,
      amount: transactions.amount,
      currency: transactions.currency,
      referenceNo: transactions.referenceNo,
      receiptNo: transactions.receiptNo,
      receivedAt: transactions.receivedAt,
      institutionTitle: institutions.title,
    })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(and(eq(transactions.memberId, member.id), institutionScope(user)))
    .orderBy(desc(transactions.receivedAt), desc(transactions.id))
    .limit(HISTORY_ROWS);
  const year = sql<number>`extract(year from ${transactions.receivedAt} at time zone ${institutions.timeZone})::int`;
  const totals = await db
    .select({ year, offeringType: offeringTypes.title, currency: transactions.currency, amount: sql<string>`sum(${transactionLines.amount})` })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .innerJoin(offeringTypes, eq(offeringTypes.id, transactionLines.offeringTypeId))
    .where(visibleGiving(user, member.id))
    .groupBy(year, offeringTypes.title, transactions.currency)
    .orderBy(desc(year), offeringTypes.title, transactions.currency);
  const pledgeRows = await db
    .select({ id: pledges.id, offeringType: offeringTypes.title, currency: pledges.currency, total: pledges.total, paid: pledges.paid, dueDate: pledges.dueDate })
    .from(pledges)
    .leftJoin(offeringTypes, eq(offeringTypes.id, pledges.offeringTypeId))
    .where(and(eq(pledges.memberId, member.id), eq(pledges.institutionId, member.institutionId)))
    .orderBy(desc(pledges.dueDate));
  const sms = await db
    .select({ id: smsMessages.id, message: smsMessages.message, status: smsMessages.status, createdAt: smsMessages.createdAt })
    .from(smsMessages)
    .where(and(eq(smsMessages.institutionId, member.institutionId), eq(smsMessages.receiver, member.phone)))
    .orderBy(desc(smsMessages.createdAt))
    .limit(SMS_ROWS);
  return {
    giving: giving.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
    totals: totals.map((row) => ({ ...row, amount: Number(row.amount) })),
    pledges: pledgeRows.map((row) => ({ ...row, dueDate: row.dueDate.toISOString() })),
    sms: sms.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/** Member ids with this code among the members the caller may see (a scanned card). */
export async function findMembersByCode(db: Db, user: AuthUser, code: string) {
  return db
    .select({ id: members.id, institutionId: members.institutionId })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(and(sql`lower(${members.code}) = ${code.toLowerCase()}`, sql`${members.deletedAt} is null`, institutionScope(user)))
    .limit(2);
}
