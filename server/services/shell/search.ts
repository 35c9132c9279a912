import { type SQL, sql } from 'drizzle-orm';
import type { TransactionHit } from '../../../domain/api/shell';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope, isUnscoped } from '../auth/scope';
import { executedRows } from '../desk/unnest-insert';
import { distinctNames } from './distinct-names';
import { likePrefix } from './like';

type Page = { limit: number; offset: number };

/** The digits of a phone fragment, which match anywhere in a phone ("0712…" finds "+255712…"); null when the term is no phone. */
function phoneDigits(value: string): string | null {
  const digits = value.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 3 && /^[\d\s+()-]+$/.test(value) ? digits : null;
}

/** A phone fragment as a LIKE pattern that matches it anywhere. */
export function phoneNeedle(value: string): string | null {
  const digits = phoneDigits(value);
  return digits ? likePrefix(digits, true) : null;
}

/**
 * The count of a search is exact up to this many matches and stops there (the page size is 7:
 * "7 of 500+" is enough to page), so a common first name never costs a second full scan.
 */
export const SEARCH_COUNT_CAP = 500;

/** A way of matching a transaction: the column, and the expression whose prefix the term is. */
type Match = { column: string; indexed: string };

/**
 * How to find the newest matches of a way of matching, and at most SEARCH_COUNT_CAP + 1 of them for the count.
 * - `names`: the distinct names of the prefix range are few (20 full names start "Neema" in the scale
 *   data, whatever its size): walk them one index descent each, read each name newest first
 *   (its index is ordered by name, then date), and keep the newest `k`. Reading the whole range to sort
 *   it grew with the data (33,571 entries for "Neema" at the default size, 335,000 at 10x).
 * - `range`: references, receipt and provider numbers are nearly unique, so there is nothing to walk:
 *   the range is read index-only and sorted.
 */
type Way = { match: Match; kind: 'names' | 'range' };

const WAYS: Way[] = [
  { match: { column: 'reference_no', indexed: 'lower(t.reference_no)' }, kind: 'range' },
  { match: { column: 'trx_id', indexed: 'lower(t.trx_id)' }, kind: 'range' },
  { match: { column: 'receipt_no', indexed: 'lower(t.receipt_no)' }, kind: 'range' },
  { match: { column: 'payer_name', indexed: 'lower(t.payer_name)' }, kind: 'names' },
  // The member's name is on the row (migration 0023), so neither way joins members.
  { match: { column: 'member_name', indexed: 'lower(t.member_name)' }, kind: 'names' },
  { match: { column: 'member_last_name', indexed: 'lower(t.member_last_name)' }, kind: 'names' },
];

/** The condition of one way of matching on `transactions t` (columns are ours, never the caller's). */
function matches(way: Way, needle: string): SQL {
  return sql`t.${sql.raw(way.match.column)} is not null and ${sql.raw(way.match.indexed)} like ${needle}`;
}

/** `from transactions t`, joined to institutions when the caller has a scope, and the scope's condition. */
function scoped(scope: SQL | null): { from: SQL; and: SQL } {
  return scope
    ? { from: sql`transactions t join ${institutions} on ${institutions.id} = t.institution_id`, and: sql` and ${scope}` }
    : { from: sql`transactions t`, and: sql`` };
}

/**
 * The newest `n` matches of one way as (id, created_at), in the caller's scope: the range read and
 * sorted. `offset 0` keeps the match its own subquery: otherwise the planner may walk
 * transactions_created_list newest first, filtering every row, hoping to find n matches early
 * (46,000 rows read for a reference prefix).
 */
function newestOfRange(way: Way, needle: string, scope: SQL | null, n: number): SQL {
  const { from, and } = scoped(scope);
  return sql`(select hit.id, hit.created_at from (select t.id, t.created_at from ${from} where ${matches(way, needle)}${and} offset 0) hit
    order by hit.created_at desc, hit.id desc limit ${n})`;
}

/**
 * The newest `k` matches of a name prefix as (id, created_at): the distinct names of the range
 * (`distinctNames`), then each name's newest `k` from the same index, which is ordered by name,
 * date and id. A scope is checked along each name's walk: a religion or a branch meets its rows soon.
 */
function newestByName(way: Way, needle: string, scope: SQL | null, k: number): SQL {
  const name = sql.raw(way.match.indexed);
  const { from, and } = scoped(scope);
  return sql`(${distinctNames(sql`transactions t`, matches(way, needle), name)}
    select hit.id, hit.created_at from names cross join lateral (
      select t.id, t.created_at from ${from} where t.${sql.raw(way.match.column)} is not null and ${name} = names.name${and}
      order by t.created_at desc, t.id desc limit ${k}) hit
    where names.name is not null order by hit.created_at desc, hit.id desc limit ${k})`;
}

/** Any SEARCH_COUNT_CAP + 1 matches of one way, in no order: all the bounded count needs from it. */
function anyOfRange(way: Way, needle: string, scope: SQL | null): SQL {
  const { from, and } = scoped(scope);
  return sql`(select t.id from ${from} where ${matches(way, needle)}${and} limit ${SEARCH_COUNT_CAP + 1})`;
}

/**
 * The distinct payer phones a fragment is found in: it begins one of their suffixes (migration 0047), a
 * prefix range of a byte-ordered btree, however many phones share the fragment's digits elsewhere
 * (a trigram index read posting lists that grew with the table).
 */
function phonesWith(digits: string): SQL {
  return sql`(select distinct s.phone from payer_phone_suffixes s where s.suffix like ${likePrefix(digits)})`;
}

/** The newest `k` givings from the phones a fragment is found in, each phone's from transactions_payer_phone_newest. */
function newestByPhone(digits: string, scope: SQL | null, k: number): SQL {
  const { from, and } = scoped(scope);
  // Sorted and cut to k here: a top-k sort of the phones' rows is cheaper than carrying them all into the union's hash.
  return sql`(select hit.id, hit.created_at from ${phonesWith(digits)} p cross join lateral (
      select t.id, t.created_at from ${from} where t.payer_phone = p.phone${and} order by t.created_at desc, t.id desc limit ${k}) hit
    order by hit.created_at desc, hit.id desc limit ${k})`;
}

/** Any SEARCH_COUNT_CAP + 1 givings from those phones, for the bounded count. */
function anyByPhone(digits: string, scope: SQL | null): SQL {
  const cap = SEARCH_COUNT_CAP + 1;
  const { from, and } = scoped(scope);
  return sql`(select hit.id from ${phonesWith(digits)} p cross join lateral (
      select t.id from ${from} where t.payer_phone = p.phone${and} limit ${cap}) hit limit ${cap})`;
}

/**
 * The search as two unions over the ways of matching. `candidates`: at most `k` = offset + limit newest per
 * way (a union of each way's newest k holds the newest k of all). `counted`: at most SEARCH_COUNT_CAP + 1
 * ids per way; their union holds more than SEARCH_COUNT_CAP ids exactly when the matches do (a way
 * with more fills its share alone; otherwise every way gave all it has), so the bounded count never
 * needs an order. A range is read and sorted once for both.
 *
 * An institution's users (a church's treasurer, a union) are a scope of a few institutions: their
 * name ways stay a range, which the planner reads per institution in scope from the indexes led by
 * the institution (migration 0045); walking the bank's names for them would pass everyone else's rows.
 * A phone fragment reads the phones it is found in, then each phone's newest (every scope).
 */
function searchParts(value: string, scope: SQL | null, narrowScope: boolean, k: number): { ranges: SQL; candidates: SQL; counted: SQL } {
  const prefix = likePrefix(value.toLowerCase());
  const n = Math.max(SEARCH_COUNT_CAP + 1, k);
  const byName = (way: Way) => way.kind === 'names' && !narrowScope;
  const ranges = WAYS.map((way, i) => (byName(way) ? null : sql`r${sql.raw(String(i))} as (${newestOfRange(way, prefix, scope, n)})`));
  const candidates = WAYS.map((way, i) =>
    byName(way) ? newestByName(way, prefix, scope, k) : sql`(select id, created_at from r${sql.raw(String(i))})`,
  );
  const counted = WAYS.map((way, i) => (byName(way) ? anyOfRange(way, prefix, scope) : sql`(select id from r${sql.raw(String(i))})`));
  const digits = phoneDigits(value);
  if (digits) {
    candidates.push(newestByPhone(digits, scope, k));
    counted.push(anyByPhone(digits, scope));
  }
  // References, receipts and provider ids are always ranges, so there is always at least one.
  return {
    ranges: sql.join(
      ranges.filter((r): r is SQL => r !== null),
      sql`, `,
    ),
    candidates: sql.join(candidates, sql` union `),
    counted: sql.join(counted, sql` union `),
  };
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
  const narrowScope = user.roleKind !== 'admin' && user.roleKind !== 'branch';
  const parts = searchParts(value, scope, narrowScope, page.offset + page.limit);
  const hits = sql`with ${parts.ranges},
    candidates as (${parts.candidates}),
    counted as (select count(*) as n from (${parts.counted}) c),
    page as (select id, created_at from candidates order by created_at desc, id desc limit ${page.limit} offset ${page.offset})`;
  const rows = executedRows<TransactionHitRow>(
    await db.execute(sql`${hits}
      select (select n from counted)::int as total, t.id, t.payer_name, t.member_name, t.trx_id, t.reference_no,
             t.amount, t.currency, t.payer_phone, t.status, t.created_at
      from page join transactions t on t.id = page.id
      order by page.created_at desc, page.id desc`),
  );
  // A page past the end holds no row to carry the count; ask for it alone.
  const total =
    rows[0]?.total ?? (page.offset === 0 ? 0 : Number(executedRows<{ n: number }>(await db.execute(sql`${hits} select n::int as n from counted`))[0]?.n ?? 0));
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
