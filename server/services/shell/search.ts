import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { MemberHit, TransactionHit } from '../../../domain/api/shell';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { transactions } from '../../db/schema/money';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { executedRows } from '../desk/unnest-insert';
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

/**
 * The count of a search is exact up to this many matches and stops there (the page size is 7:
 * "7 of 500+" is enough to page), so a common first name never costs a second full scan.
 */
export const SEARCH_COUNT_CAP = 500;

/** count(*) of `query`'s rows, reading at most SEARCH_COUNT_CAP + 1 of them. */
async function boundedCount(db: AppContext['database']['db'], query: SQL): Promise<number> {
  const [row] = executedRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${query} limit ${SEARCH_COUNT_CAP + 1}) capped`));
  return Math.min(Number(row?.n ?? 0), SEARCH_COUNT_CAP);
}

/**
 * The ids of transactions matching `value`, one index scan per way of matching (migration 0016:
 * lower-case prefix indexes on references, receipt numbers, provider ids and payer names, the
 * members' name indexes, trigram indexes on phones), united. An OR over a join of all of them
 * read every visible transaction instead (4.5 s at a million rows).
 */
function matchingTransactionIds(value: string): SQL {
  const prefix = likePrefix(value.toLowerCase());
  const phone = phoneNeedle(value);
  return sql`
    select t.id from transactions t where lower(t.reference_no) like ${prefix}
    union select t.id from transactions t where t.trx_id is not null and lower(t.trx_id) like ${prefix}
    union select t.id from transactions t where t.receipt_no is not null and lower(t.receipt_no) like ${prefix}
    union select t.id from transactions t where t.payer_name is not null and lower(t.payer_name) like ${prefix}
    union select t.id from members m join transactions t on t.member_id = m.id
      where lower(m.first_name || ' ' || m.last_name) like ${prefix} or lower(m.last_name) like ${prefix}
    ${phone ? sql`union select t.id from transactions t where t.payer_phone is not null and t.payer_phone like ${phone}` : sql``}`;
}

/** Advanced search, transactions tab: reference, transaction id, receipt, payer phone or member name, in scope. */
export async function searchTransactions(ctx: AppContext, user: AuthUser, value: string, page: Page) {
  const where = and(institutionScope(user), sql`${transactions.id} in (${matchingTransactionIds(value)})`);
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
  const count = await boundedCount(db, sql`select 1 from ${transactions} join ${institutions} on ${institutions.id} = ${transactions.institutionId} where ${where}`);
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
  return { data, count };
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
  const count = await boundedCount(db, sql`select 1 from ${members} join ${institutions} on ${institutions.id} = ${members.institutionId} where ${where}`);
  const data: MemberHit[] = rows.map(({ m, institution }) => ({
    id: m.id,
    names: `${m.firstName} ${m.lastName}`,
    code: m.code,
    phone: m.phone,
    institution,
  }));
  return { data, count };
}
