import { type SQL, sql } from 'drizzle-orm';
import type { MemberHit, TransactionHit } from '../../../domain/api/shell';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope, isUnscoped } from '../auth/scope';
import { executedRows } from '../desk/unnest-insert';
import { likePrefix } from './like';

type Page = { limit: number; offset: number };

/** Phone fragments match anywhere ("0712…" finds "+255712…"); only digits count. */
function phoneNeedle(value: string): string | null {
  const digits = value.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 3 && /^[\d\s+()-]+$/.test(value) ? likePrefix(digits, true) : null;
}

/**
 * The count of a search is exact up to this many matches and stops there (the page size is 7:
 * "7 of 500+" is enough to page), so a common first name never costs a second full scan.
 */
export const SEARCH_COUNT_CAP = 500;

/**
 * One way of matching (`from` … `where` over `transactions t`), in the caller's scope, newest first,
 * at most `n` rows: each branch is an index scan on its own match (migration 0016: lower-case
 * prefix indexes on references, receipt numbers, provider ids and payer names, the members' name
 * indexes, trigram indexes on phones) and a top-n sort, so a common first name never sorts or
 * carries every match to the union. An OR over a join of all of them read every visible
 * transaction instead (4.5 s at a million rows).
 */
function branch(source: SQL, match: SQL, scope: SQL | null, n: number): SQL {
  const scoped = scope ? sql` join ${institutions} on ${institutions.id} = t.institution_id` : sql``;
  const inScope = scope ? sql` and ${scope}` : sql``;
  // `offset 0` keeps the match its own subquery: otherwise the planner may walk transactions_created_list
  // newest first, filtering every row, hoping to find n matches early (46,000 rows read for a reference prefix).
  return sql`(select hit.id, hit.created_at from (select t.id, t.created_at from ${source}${scoped} where ${match}${inScope} offset 0) hit order by hit.created_at desc, hit.id desc limit ${n})`;
}

/**
 * The transactions matching `value` as (id, created_at), at most `n` per way of matching. The
 * newest `n` of their union are exactly the newest `n` matches, and the union holds more than
 * SEARCH_COUNT_CAP rows exactly when the matches do, so one bounded query answers both the page
 * (offset + limit ≤ n) and the count.
 */
function matchingTransactions(value: string, scope: SQL | null, n: number): SQL {
  const prefix = likePrefix(value.toLowerCase());
  const phone = phoneNeedle(value);
  const fromT = sql`transactions t`;
  const branches: SQL[] = [
    branch(fromT, sql`lower(t.reference_no) like ${prefix}`, scope, n),
    branch(fromT, sql`t.trx_id is not null and lower(t.trx_id) like ${prefix}`, scope, n),
    branch(fromT, sql`t.receipt_no is not null and lower(t.receipt_no) like ${prefix}`, scope, n),
    branch(fromT, sql`t.payer_name is not null and lower(t.payer_name) like ${prefix}`, scope, n),
    // The member's name is on the row (migration 0023): each is one range of its own index, read index-only,
    // instead of the matching members and then each one's transactions.
    branch(fromT, sql`t.member_name is not null and lower(t.member_name) like ${prefix}`, scope, n),
    branch(fromT, sql`t.member_last_name is not null and lower(t.member_last_name) like ${prefix}`, scope, n),
  ];
  if (phone) branches.push(branch(fromT, sql`t.payer_phone is not null and t.payer_phone like ${phone}`, scope, n));
  return sql.join(branches, sql` union `);
}

type TransactionHitRow = {
  id: string;
  total: number;
  payer_name: string | null;
  member_name: string | null;
  trx_id: string | null;
  reference_no: string;
  amount: string | number;
  currency: string;
  payer_phone: string | null;
  status: string;
  created_at: Date | string;
};

/** Advanced search, transactions tab: reference, transaction id, receipt, payer phone or member name, in scope. */
export async function searchTransactions(ctx: AppContext, user: AuthUser, value: string, page: Page) {
  const db = ctx.database.db;
  const scope = isUnscoped(user) ? null : institutionScope(user);
  const n = Math.max(SEARCH_COUNT_CAP + 1, page.offset + page.limit);
  const hits = sql`with hits as (${matchingTransactions(value, scope, n)}),
    page as (select id, created_at from hits order by created_at desc, id desc limit ${page.limit} offset ${page.offset})`;
  const rows = executedRows<TransactionHitRow>(
    await db.execute(sql`${hits}
      select (select count(*) from hits)::int as total, t.id, t.payer_name, t.member_name, t.trx_id, t.reference_no,
             t.amount, t.currency, t.payer_phone, t.status, t.created_at
      from page join transactions t on t.id = page.id
      order by page.created_at desc, page.id desc`),
  );
  // A page past the end holds no row to carry the count; ask for it alone.
  const total =
    rows[0]?.total ?? (page.offset === 0 ? 0 : Number(executedRows<{ n: number }>(await db.execute(sql`${hits} select count(*)::int as n from hits`))[0]?.n ?? 0));
  const data: TransactionHit[] = rows.map((t) => ({
    id: t.id,
    member: t.member_name ? t.member_name.trim() : (t.payer_name ?? ''),
    trxId: t.trx_id ?? t.reference_no,
    amount: Number(t.amount),
    currency: t.currency,
    phone: t.payer_phone,
    status: t.status,
    createdAt: new Date(t.created_at).toISOString(),
  }));
  return { data, count: Math.min(Number(total), SEARCH_COUNT_CAP) };
}

/**
 * One way of matching members (over `members m`), in the caller's scope, in the list's name order,
 * at most `n`: each reads its own partial prefix index index-only (migration 0034) and sorts only
 * what it matched, so a code prefix shared by ten thousand members never reads their rows.
 */
function memberBranch(match: SQL, scope: SQL | null, n: number): SQL {
  const scoped = scope ? sql` join ${institutions} on ${institutions.id} = m.institution_id` : sql``;
  const inScope = scope ? sql` and ${scope}` : sql``;
  return sql`(select m.id, m.last_name, m.first_name from members m${scoped}
    where m.deleted_at is null and ${match}${inScope} order by m.last_name, m.first_name, m.id limit ${n})`;
}

/** The members matching `value` as (id, last_name, first_name), at most `n` per way of matching (see matchingTransactions). */
function matchingMembers(value: string, scope: SQL | null, n: number): SQL {
  const prefix = likePrefix(value.toLowerCase());
  const phone = phoneNeedle(value);
  const branches: SQL[] = [
    memberBranch(sql`lower(m.first_name || ' ' || m.last_name) like ${prefix}`, scope, n),
    memberBranch(sql`lower(m.last_name) like ${prefix}`, scope, n),
    memberBranch(sql`lower(m.code) like ${prefix}`, scope, n),
  ];
  if (phone) branches.push(memberBranch(sql`m.phone like ${phone}`, scope, n));
  return sql.join(branches, sql` union `);
}

type MemberHitRow = { total: number; id: number; first_name: string; last_name: string; code: string; phone: string; institution: string };

/** Advanced search, members tab: name, phone or member code, in scope, by last then first name. */
export async function searchMembers(ctx: AppContext, user: AuthUser, value: string, page: Page) {
  const db = ctx.database.db;
  const scope = isUnscoped(user) ? null : institutionScope(user);
  const n = Math.max(SEARCH_COUNT_CAP + 1, page.offset + page.limit);
  const hits = sql`with hits as (${matchingMembers(value, scope, n)}),
    page as (select id, last_name, first_name from hits order by last_name, first_name, id limit ${page.limit} offset ${page.offset})`;
  const rows = executedRows<MemberHitRow>(
    await db.execute(sql`${hits}
      select (select count(*) from hits)::int as total, m.id, m.first_name, m.last_name, m.code, m.phone, i.title as institution
      from page join members m on m.id = page.id join ${institutions} i on i.id = m.institution_id
      order by page.last_name, page.first_name, page.id`),
  );
  // A page past the end holds no row to carry the count; ask for it alone.
  const total =
    rows[0]?.total ?? (page.offset === 0 ? 0 : Number(executedRows<{ n: number }>(await db.execute(sql`${hits} select count(*)::int as n from hits`))[0]?.n ?? 0));
  const data: MemberHit[] = rows.map((m) => ({ id: Number(m.id), names: `${m.first_name} ${m.last_name}`, code: m.code, phone: m.phone, institution: m.institution }));
  return { data, count: Math.min(Number(total), SEARCH_COUNT_CAP) };
}
