import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SmsBalance } from '../../../domain/api/shell';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { smsTopups } from '../../db/schema/messaging';
import { smsPurchases } from '../../db/schema/sms-purchases';
import { transactions } from '../../db/schema/money';
import { users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { likePrefix } from './like';

const PAGE = 50;
const checker = alias(users, 'checker');

/**
 * SMS balance and top-up history. Spec section 6: only bank staff (no level) and union-level
 * users see SMS usage; they get totals over their scope. Each top-up says how it came (ADR 057):
 * bank staff's (maker and checker, the request) or bought by the institution with mobile money (buyer, the purchase's reference; ADR 058).
 */
export async function smsBalance(ctx: AppContext, user: AuthUser, search: string | undefined): Promise<SmsBalance> {
  if (user.userType !== 'bank' && user.roleKind !== 'union') throw errors.forbidden();
  const db = ctx.database.db;
  const scope = institutionScope(user);
  const [totals] = await db
    .select({ left: sql<number>`coalesce(sum(${institutions.smsLeft}), 0)::int`, cap: sql<number>`coalesce(sum(${institutions.smsCap}), 0)::int` })
    .from(institutions)
    .where(scope);
  const where = search?.trim() ? and(scope, ilike(institutions.title, likePrefix(search.trim(), true))) : scope;
  const rows = await db
    .select({
      id: smsTopups.id,
      institution: institutions.title,
      amount: smsTopups.amount,
      createdAt: smsTopups.createdAt,
      createdBy: users.name,
      source: smsTopups.source,
      approvedBy: checker.name,
      requestId: smsTopups.requestId,
      paymentReference: sql<string | null>`coalesce(${smsPurchases.referenceNo}, ${transactions.referenceNo})`,
    })
    .from(smsTopups)
    .innerJoin(institutions, eq(institutions.id, smsTopups.institutionId))
    .leftJoin(users, eq(users.id, smsTopups.createdBy))
    .leftJoin(checker, eq(checker.id, smsTopups.approvedBy))
    .leftJoin(transactions, eq(transactions.id, smsTopups.transactionId))
    .leftJoin(smsPurchases, eq(smsPurchases.id, smsTopups.purchaseId))
    .where(where)
    .orderBy(desc(smsTopups.createdAt), desc(smsTopups.id))
    .limit(PAGE);
  const [total] = await db
    .select({ n: count() })
    .from(smsTopups)
    .innerJoin(institutions, eq(institutions.id, smsTopups.institutionId))
    .where(where);
  return {
    smsLeft: Number(totals?.left ?? 0),
    smsCap: Number(totals?.cap ?? 0),
    data: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdBy ?? null,
      source: row.source === 'mobile' ? ('mobile' as const) : ('bank' as const),
      approvedBy: row.approvedBy ?? null,
      paymentReference: row.paymentReference ?? null,
    })),
    count: total?.n ?? 0,
  };
}
