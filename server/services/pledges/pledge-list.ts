import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Day } from '../../../domain/calendar';
import type { PledgeFilters, PledgePage, PledgeRow, PledgeState } from '../../../domain/api/pledges';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members, offeringTypes, pledges } from '../../db/schema/members';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorId, cursorTime, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { AuthUser } from '../auth/auth-user';
import { callerToday, dueDay, pledgeConditions, pledgeState } from './pledge-filters';

/** The row every pledge page shows, for the pledges matching `where`, soonest due first. */
export async function loadPledgeRows(db: Db, where: SQL, today: Day, page: { limit: number; offset: number }): Promise<PledgeRow[]> {
  return (await loadKeyedPledgeRows(db, where, today, page.limit, null, page.offset)).map(({ row }) => row);
}

/** A pledge's place in the list's order: due_date to the microsecond (a Date would drop them) and the id. */
export type PledgeKey = { due: string; id: number };

/** Pledges after `after` in the list's order (due date, id ascending), each with its key: the export's keyset batches (ADR 060). */
export async function loadKeyedPledgeRows(db: Db, where: SQL, today: Day, limit: number, after: PledgeKey | null, offset = 0): Promise<Array<{ row: PledgeRow; key: PledgeKey }>> {
  const rows = await db
    .select({
      p: pledges,
      key: microsecondText(pledges.dueDate),
      dueDay,
      state: pledgeState(today),
      firstName: members.firstName,
      lastName: members.lastName,
      code: members.code,
      phone: members.phone,
      typeTitle: offeringTypes.title,
    })
    .from(pledges)
    .innerJoin(institutions, eq(institutions.id, pledges.institutionId))
    .innerJoin(members, eq(members.id, pledges.memberId))
    .leftJoin(offeringTypes, eq(offeringTypes.id, pledges.offeringTypeId))
    .where(after ? and(where, afterPosition([pledges.dueDate, pledges.id], [after.due, after.id], 'asc', ['timestamptz', 'integer'])) : where)
    .orderBy(asc(pledges.dueDate), asc(pledges.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ p, key, dueDay: day, state, firstName, lastName, code, phone, typeTitle }) => ({
    key: { due: key, id: p.id },
    row: {
      id: p.id,
      institutionId: p.institutionId,
      memberId: p.memberId,
      memberName: `${firstName} ${lastName}`.trim(),
      memberCode: code,
      memberPhone: phone,
      offeringTypeId: p.offeringTypeId,
      offeringTypeTitle: typeTitle,
      campaignId: p.campaignId,
      currency: p.currency,
      total: p.total,
      paid: p.paid,
      remaining: p.total - p.paid,
      dueDate: day,
      paymentMethod: p.paymentMethod,
      remindedAt: p.remindedAt?.toISOString() ?? null,
      state: state as PledgeState,
    },
  }));
}

export async function countPledges(db: Db, where: SQL): Promise<{ count: number; total: number; paid: number }> {
  const [row] = await db
    .select({ count: count(), total: sql<string>`coalesce(sum(${pledges.total}), 0)::text`, paid: sql<string>`coalesce(sum(${pledges.paid}), 0)::text` })
    .from(pledges)
    .innerJoin(institutions, eq(institutions.id, pledges.institutionId))
    .innerJoin(members, eq(members.id, pledges.memberId))
    .where(where);
  return { count: row?.count ?? 0, total: Number(row?.total ?? 0), paid: Number(row?.paid ?? 0) };
}

/** Soonest due first: the position is (due_date to the microsecond, id). */
const Position = z.tuple([cursorTime, cursorId]);

/**
 * GET /api/pledges: a page of the matching pledges, their count and the totals of all of them.
 * With `cursor` the page starts after that position (keyset, ADR 062); `offset` still pages without it.
 */
export async function listPledges(
  db: Db,
  user: AuthUser,
  filters: PledgeFilters,
  page: { limit: number; offset: number; cursor?: string | undefined },
  now: Date,
  t: Translate,
): Promise<PledgePage> {
  const after = decodeCursor(page.cursor, Position, t);
  const today = callerToday(user, now);
  const where = await pledgeConditions(db, user, filters, today);
  const [fetched, sums] = await Promise.all([
    loadKeyedPledgeRows(db, where, today, page.limit + 1, after ? { due: after[0], id: after[1] } : null, after ? 0 : page.offset),
    countPledges(db, where),
  ]);
  const { page: shown, nextCursor } = pageOf(fetched, page.limit, ({ key }) => [key.due, key.id]);
  return { data: shown.map(({ row }) => row), count: sums.count, totals: { total: sums.total, paid: sums.paid, remaining: sums.total - sums.paid }, nextCursor };
}
