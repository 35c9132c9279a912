import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FailedCreditRow } from '../../../domain/api/payments';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { creditReasonText } from './reason-text';
import { underInstitution } from './transaction-queries';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;

/** Failed credits in the caller's scope: the partial index transactions_failed_credits holds exactly these rows. */
const failedCreditsWhere = (user: AuthUser, institutionId: number | undefined) =>
  and(institutionScope(user), underInstitution(institutionId), eq(transactions.status, 'completed'), eq(transactions.creditStatus, 'failed'));

/** How many failed credits wait for a retry in the caller's scope (the dashboard's figure of the list below). */
export async function countFailedCredits(db: Db, user: AuthUser): Promise<number> {
  const [total] = await db.select({ n: count() }).from(transactions).innerJoin(institutions, eq(institutions.id, transactions.institutionId)).where(failedCreditsWhere(user, undefined));
  return total?.n ?? 0;
}

/** Completed payments whose credit to the share holders' accounts failed, newest first, in the caller's scope. */
export async function listFailedCredits(db: Db, user: AuthUser, q: { institutionId?: number | undefined; limit: number; offset: number }, t: Translate) {
  const where = failedCreditsWhere(user, q.institutionId);
  const rows = await db
    .select({
      t: transactions,
      title: institutions.title,
      attempts: sql<number>`(select count(*) from payment_credit_attempts a where a.transaction_id = ${transactions.id})`.mapWith(Number),
      reason: sql<string | null>`(select a.reason from payment_credit_attempts a where a.transaction_id = ${transactions.id} order by a.id desc limit 1)`,
      lastAttemptAt: sql<string | null>`(select max(a.created_at) from payment_credit_attempts a where a.transaction_id = ${transactions.id})`,
    })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .where(where)
    .orderBy(desc(transactions.completedAt), desc(transactions.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: count() }).from(transactions).innerJoin(institutions, eq(institutions.id, transactions.institutionId)).where(where);

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
  return { data, count: total?.n ?? 0 };
}
