import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { BankAccountItem, BankAccountQuery } from '../../../domain/api/back-office-reference';
import type { AppContext } from '../../context';
import { bankAccounts, institutions } from '../../db/schema/institutions';
import { bankBranches } from '../../db/schema/reference';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { escapeLike } from '../shell/like';

/** /bank-accounts: the accounts of institutions in the caller's scope, newest first. */
export async function listBankAccounts(ctx: AppContext, user: AuthUser, query: BankAccountQuery): Promise<{ data: Array<z.infer<typeof BankAccountItem>>; count: number }> {
  const db = ctx.database.db;
  const conditions: SQL[] = [institutionScope(user)];
  if (query.status) conditions.push(eq(bankAccounts.status, query.status));
  if (query.institutionId) conditions.push(eq(bankAccounts.institutionId, query.institutionId));
  if (query.search) {
    const like = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(bankAccounts.accountNumber, like), ilike(bankAccounts.accountName, like), ilike(institutions.title, like))!);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ account: bankAccounts, institution: institutions.title, branchName: bankBranches.name })
    .from(bankAccounts)
    .innerJoin(institutions, eq(institutions.id, bankAccounts.institutionId))
    .leftJoin(bankBranches, eq(bankBranches.id, bankAccounts.branchId))
    .where(where)
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id))
    .limit(query.limit)
    .offset(query.offset);
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
  };
}
