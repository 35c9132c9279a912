import { and, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import { users } from '../../db/schema/users';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorTime, cursorUuid, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { rowSelection, toTransactionRow, underInstitution } from './transaction-queries';

/** Oldest first: the position is (created_at to the microsecond, id). */
const Position = z.tuple([cursorTime, cursorUuid]);

type Query = { institutionId?: number | undefined; limit: number; offset: number; cursor?: string | undefined };

/**
 * GET /payments/pending: desk pushes and other mobile payments still waiting, oldest first. With
 * `cursor` the page starts after that position (keyset, ADR 062); `offset` still pages without it.
 */
export async function listPendingPushes(db: Db, user: AuthUser, q: Query, t: Translate) {
  const after = decodeCursor(q.cursor, Position, t);
  const where = and(institutionScope(user), underInstitution(q.institutionId), inArray(transactions.status, ['pending', 'pending_cancel']), eq(transactions.method, 'mobile'));
  const page = db
    .select({ ...rowSelection, position: microsecondText(transactions.createdAt) })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(users, eq(users.id, transactions.createdBy))
    .where(and(where, after ? afterPosition([transactions.createdAt, transactions.id], after, 'asc', ['timestamptz', 'uuid']) : undefined))
    .orderBy(transactions.createdAt, transactions.id)
    .limit(q.limit + 1)
    .offset(after ? 0 : q.offset);
  const total = db.select({ n: count() }).from(transactions).innerJoin(institutions, eq(institutions.id, transactions.institutionId)).where(where);
  const [rows, [counted]] = await Promise.all([page, total]);
  const { page: shown, nextCursor } = pageOf(rows, q.limit, (row) => [row.position, row.t.id]);
  return { data: shown.map((row) => toTransactionRow(row, t)), count: counted?.n ?? 0, nextCursor };
}
