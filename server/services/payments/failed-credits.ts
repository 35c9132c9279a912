import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FailedCreditRow } from '../../../domain/api/payments';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorTime, cursorUuid, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { creditReasonText } from './reason-text';
import { underInstitution } from './transaction-queries';

/**
 * Newest completed first: (completed_at to the microsecond, id). A completed payment always has
 * completed_at, but the column allows null and DESC puts nulls first, so a null position is kept.
 */
const Position = z.tuple([cursorTime.nullable(), cursorUuid]);

function afterCompleted([at, id]: [string | null, string]) {
  if (at === null) return or(and(isNull(transactions.completedAt), sql`${transactions.id} < ${id}::uuid`), sql`${transactions.completedAt} is not null`);
  return afterPosition([transactions.completedAt, transactions.id], [at, id], 'desc', ['timestamptz', 'uuid']);
}

/** Failed credits in the caller's scope: the partial index transactions_failed_credits holds exactly these rows. */
const failedCreditsWhere = (user: AuthUser, institutionId: number | undefined) =>
  and(institutionScope(user), underInstitution(institutionId), eq(transactions.status, 'completed'), eq(transactions.creditStatus, 'failed'));

/** How many failed credits wait for a retry in the caller's scope (the dashboard's figure of the list below). */
export async function countFailedCredits(db: Db, user: AuthUser): Promise<number> {
  const [total] = await db.select({ n: count() }).from(transactions).innerJoin(institutions, eq(institutions.id, transactions.institutionId)).where(failedCreditsWhere(user, undefined));
  return total?.n ?? 0;
}

/**
 * Completed payments whose credit to the share holders' accounts failed, newest first, in the
 * caller's scope. With `cursor` the page starts after that position (keyset, ADR 062).
 */
export async function listFailedCredits(db: Db, user: AuthUser, q: { institutionId?: number | undefined; limit: number; offset: number; cursor?: string | undefined }, t: Translate) {
  const after = decodeCursor(q.cursor, Position, t);
  const where = failedCreditsWhere(user, q.institutionId);
  const page = db
    .select({
      position: sql<string | null>`case when ${transactions.completedAt} is null then null else ${microsecondText(transactions.completedAt)} end`,
      t: transactions,
      title: institutions.title,
      attempts: sql<number>`(select count(*) from payment_credit_attempts a where a.transaction_id = ${transactions.id})`.mapWith(Number),
      reason: sql<string | null>`(select a.reason from payment_credit_attempts a where a.transaction_id = ${transactions.id} order by a.id desc limit 1)`,
      lastAttemptAt: sql<string | null>`(select max(a.created_at) from payment_credit_attempts a where a.transaction_id = ${transactions.id})`,
    })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(and(where, after ? afterCompleted(after) : undefined))
    .orderBy(desc(transactions.completedAt), desc(transactions.id))
    .limit(q.limit + 1)
    .offset(after ? 0 : q.offset);
  const counted = db.select({ n: count() }).from(transactions).innerJoin(institutions, eq(institutions.id, transactions.institutionId)).where(where);
  const [fetched, [total]] = await Promise.all([page, counted]);
  const { page: rows, nextCursor } = pageOf(fetched, q.limit, (row) => [row.position, row.t.id]);

  const ids = [...new Set(rows.map((row) => /^no_account:(\d+):/.exec(row.reason ?? '')?.[1]).filter((id): id is string => Boolean(id)).map(Number))];
  const titles = new Map<number, string>();
  if (ids.length > 0) {
    for (const row of await db.select({ id: institutions.id, title: institutions.title }).from(institutions).where(inArray(institutions.id, ids))) titles.set(row.id, row.title);
  }
  const data: FailedCreditRow[] = rows.map((row) => ({
    id: row.t.id,
    referenceNo: row.t.referenceNo,
    institution: { id: row.t.institutionId, title: row.title },
    amount: row.t.amount,
    fee: row.t.fee,
    currency: row.t.currency,
    completedAt: row.t.completedAt?.toISOString() ?? null,
    reason: creditReasonText(t, row.reason, (id) => titles.get(id)),
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt ? new Date(row.lastAttemptAt).toISOString() : null,
  }));
  return { data, count: total?.n ?? 0, nextCursor };
}
