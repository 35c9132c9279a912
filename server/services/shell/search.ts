import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { MemberHit, TransactionHit } from '../../../domain/api/shell';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { likePrefix } from './like';

type Page = { limit: number; offset: number };

/** Phone fragments match anywhere ("0712…" finds "+255712…"); only digits count. */
function phoneNeedle(value: string): string | null {
  const digits = value.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 3 && /^[\d\s+()-]+$/.test(value) ? likePrefix(digits, true) : null;
}

const memberName = sql`lower(${members.firstName} || ' ' || ${members.lastName})`;

function memberMatch(value: string): SQL {
  const prefix = likePrefix(value.toLowerCase());
  const phone = phoneNeedle(value);
  const options: SQL[] = [sql`${memberName} like ${prefix}`, sql`lower(${members.lastName}) like ${prefix}`, sql`lower(${members.code}) like ${prefix}`];
  if (phone) options.push(sql`${members.phone} like ${phone}`);
  return or(...options) ?? sql`false`;
}

/** Advanced search, transactions tab: reference, transaction id, receipt, payer phone or member name, in scope. */
export async function searchTransactions(ctx: AppContext, user: AuthUser, value: string, page: Page) {
  const prefix = likePrefix(value.toLowerCase());
  const phone = phoneNeedle(value);
  const options: SQL[] = [
    sql`lower(${transactions.referenceNo}) like ${prefix}`,
    sql`lower(${transactions.trxId}) like ${prefix}`,
    sql`lower(${transactions.receiptNo}) like ${prefix}`,
    sql`lower(${transactions.payerName}) like ${prefix}`,
    sql`${memberName} like ${prefix}`,
    sql`lower(${members.lastName}) like ${prefix}`,
  ];
  if (phone) options.push(sql`${transactions.payerPhone} like ${phone}`);
  const where = and(institutionScope(user), or(...options));
  const db = ctx.database.db;
  const rows = await db
    .select({ t: transactions, firstName: members.firstName, lastName: members.lastName })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(members, eq(members.id, transactions.memberId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(transactions)
    .innerJoin(institutions, eq(institutions.id, transactions.institutionId))
    .leftJoin(members, eq(members.id, transactions.memberId))
    .where(where);
  const data: TransactionHit[] = rows.map(({ t, firstName, lastName }) => ({
    id: t.id,
    member: firstName ? `${firstName} ${lastName ?? ''}`.trim() : (t.payerName ?? ''),
    trxId: t.trxId ?? t.referenceNo,
    amount: t.amount,
    currency: t.currency,
    phone: t.payerPhone,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
  }));
  return { data, count: total?.n ?? 0 };
}

/** Advanced search, members tab: name, phone or member code, in scope. */
export async function searchMembers(ctx: AppContext, user: AuthUser, value: string, page: Page) {
  const where = and(institutionScope(user), isNull(members.deletedAt), memberMatch(value));
  const db = ctx.database.db;
  const rows = await db
    .select({ m: members, institution: institutions.title })
    .from(members)
    .innerJoin(institutions, eq(institutions.id, members.institutionId))
    .where(where)
    .orderBy(members.lastName, members.firstName, members.id)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(members).innerJoin(institutions, eq(institutions.id, members.institutionId)).where(where);
  const data: MemberHit[] = rows.map(({ m, institution }) => ({
    id: m.id,
    names: `${m.firstName} ${m.lastName}`,
    code: m.code,
    phone: m.phone,
    institution,
  }));
  return { data, count: total?.n ?? 0 };
}
