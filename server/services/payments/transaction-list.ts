import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TransactionQuery } from '../../../domain/api/payments';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { transactions } from '../../db/schema/money';
import { users } from '../../db/schema/users';
import { afterPosition, cursorTime, cursorUuid, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { Translate } from '../../lib/describe-issue';
import type { AuthUser } from '../auth/auth-user';
import { viewZone } from '../calendar/view-zone';
import { rowSelection, toTransactionRow, transactionConditions } from './transaction-queries';
import { transactionTotals } from './transaction-totals';

type Query = z.output<typeof TransactionQuery>;

/** Newest received first; the position is (received_at to the microsecond, id), the order of `transactions_received_list`. */
const Position = z.tuple([cursorTime, cursorUuid]);

/**
 * GET /transactions: one page, the count and per-currency totals over everything that matches.
 * With `cursor` the page starts after that position (keyset, ADR 062); without it `offset` still
 * pages as the spec's clients expect.
 */
export async function listTransactions(db: Db, user: AuthUser, q: Query, now: Date, t: Translate) {
  const after = decodeCursor(q.cursor, Position, t);
  const timeZone = await viewZone(db, user, q.institutionId);
  const where = and(transactionConditions(user, q, now, timeZone), after ? afterPosition([transactions.receivedAt, transactions.id], after, 'desc', ['timestamptz', 'uuid']) : undefined);
  const page = db
    .select({ ...rowSelection, position: microsecondText(transactions.receivedAt) })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(users, eq(users.id, transactions.createdBy))
    .where(where)
    .orderBy(desc(transactions.receivedAt), desc(transactions.id))
    .limit(q.limit + 1)
    .offset(after ? 0 : q.offset);
  const [rows, totals] = await Promise.all([page, transactionTotals(db, user, q, now, timeZone)]);
  const { page: shown, nextCursor } = pageOf(rows, q.limit, (row) => [row.position, row.t.id]);
  return { data: shown.map((row) => toTransactionRow(row, t)), count: totals.reduce((sum, total) => sum + total.count, 0), totals, nextCursor };
}
