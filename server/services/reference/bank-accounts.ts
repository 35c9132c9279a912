import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { BankAccountItem, BankAccountQuery } from '../../../domain/api/back-office-reference';
import type { AppContext } from '../../context';
import { bankAccounts, institutions } from '../../db/schema/institutions';
import { bankBranches } from '../../db/schema/reference';
import type { Translate } from '../../lib/describe-issue';
import { afterPosition, cursorId, cursorTime, decodeCursor, microsecondText, pageOf } from '../../lib/keyset';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { escapeLike } from '../shell/like';

/** Newest first: the position is (created_at to the microsecond, id). */
const Position = z.tuple([cursorTime, cursorId]);

/**
 * /bank-accounts: the accounts of institutions in the caller's scope, newest first. With `cursor`
 * the page starts after that position (keyset, ADR 062); `offset` still pages without it.
 */
export async function listBankAccounts(
  ctx: AppContext,
  user: AuthUser,
  query: BankAccountQuery,
  t: Translate,
): Promise<{ data: Array<z.infer<typeof BankAccountItem>>; count: number; nextCursor: string | null }> {
  const db = ctx.database.db;
  const after = decodeCursor(query.cursor, Position, t);
  const conditions: SQL[] = [institutionScope(user)];
  if (query.status) conditions.push(eq(bankAccounts.status, query.status));
  if (query.institutionId) conditions.push(eq(bankAccounts.institutionId, query.institutionId));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(bankAccounts.accountNumber, like), ilike(bankAccounts.accountName, like), ilike(institutions.title, like))!);
  }
  const where = and(...conditions);
  const fetched = await db
    .select({ account: bankAccounts, institution: institutions.title, branchName: bankBranches.name, position: microsecondText(bankAccounts.createdAt) })
    .from(bankAccounts)
    .innerJoin(institutions, eq(institutions.id, bankAccounts.institutionId))
    .leftJoin(bankBranches, eq(bankBranches.id, bankAccounts.branchId))
    .where(and(where, after ? afterPosition([bankAccounts.createdAt, bankAccounts.id], after, 'desc', ['timestamptz', 'integer']) : undefined))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id))
    .limit(query.limit + 1)
    .offset(after ? 0 : query.offset);
  const { page: rows, nextCursor } = pageOf(fetched, query.limit, (row) => [row.position, row.account.id]);
  const [total] = await db.select({ n: count() }).from(bankAccounts).innerJoin(institutions, eq(institutions.id, bankAccounts.institutionId)).where(where);
  return {
    data: rows.map(({ account: a, institution, branchName }) => ({
      id: a.id,
      institutionId: a.institutionId,
      institution,
      accountNumber: a.accountNumber,
      accountName: a.accountName,
      branchId: a.branchId,
      branchName,
      currency: a.currency,
      status: a.status,
      isDefault: a.isDefault,
      createdAt: a.createdAt.toISOString(),
    })),
    count: total?.n ?? 0,
    nextCursor,
  };
}
