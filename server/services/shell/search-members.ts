import { type SQL, sql } from 'drizzle-orm';
import type { MemberHit } from '../../../domain/api/shell';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope, isUnscoped } from '../auth/scope';
import { executedRows } from '../desk/unnest-insert';
import { registeredMembers } from '../stats/participation';
import { distinctNames } from './distinct-names';
import { likePrefix } from './like';
import { phoneNeedle, SEARCH_COUNT_CAP } from './search';

type Page = { limit: number; offset: number };

/** A prefix way of matching members: the indexed expression the term begins (migrations 0034 and 0051). */
const FULL_NAME = "lower(m.first_name || ' ' || m.last_name)";
const LAST_NAME = 'lower(m.last_name)';
const CODE = 'lower(m.code)';

/** `from members m`, joined to institutions when the caller has a scope, and the scope's condition. */
function scoped(scope: SQL | null): { from: SQL; and: SQL } {
  return scope
    ? { from: sql`members m join ${institutions} on ${institutions.id} = m.institution_id`, and: sql` and ${scope}` }
    : { from: sql`members m`, and: sql`` };
}

/**
 * At most `n` members a condition matches, in the caller's scope, in the list's name order: the
 * range read from its prefix index index-only and sorted. Right for a range of few members (a
 * narrow scope, a code, a phone), and it serves the page and the bounded count in one read.
 */
function firstOfRange(match: SQL, scope: SQL | null, n: number): SQL {
  const { from, and } = scoped(scope);
  return sql`(select m.id, m.last_name, m.first_name from ${from}
    where m.deleted_at is null and ${match}${and} order by m.last_name, m.first_name, m.id limit ${n})`;
}

/**
 * The first `k` members, in name order, whose `expression` begins with `prefix`: the distinct names
 * of the range (`distinctNames`), then each name's first `k` from the same index, whose
 * key continues with last name, first name and id (migration 0051). A whole first name is a few
 * dozen distinct full names however many members bear it; sorting them all grew with the data.
 * The scope is checked along each name's walk: a religion or a branch meets its members soon.
 */
function firstByName(expression: string, prefix: string, scope: SQL | null, k: number): SQL {
  const name = sql.raw(expression);
  const { from, and } = scoped(scope);
  return sql`(${distinctNames(sql`members m`, sql`m.deleted_at is null and ${name} like ${prefix}`, name)}
    select hit.id, hit.last_name, hit.first_name from names cross join lateral (
      select m.id, m.last_name, m.first_name from ${from} where m.deleted_at is null and ${name} = names.name${and}
      order by m.last_name, m.first_name, m.id limit ${k}) hit
    where names.name is not null order by hit.last_name, hit.first_name, hit.id limit ${k})`;
}

/** Any SEARCH_COUNT_CAP + 1 members a condition matches, in no order: all the bounded count needs from it. */
function anyOfRange(match: SQL, scope: SQL | null): SQL {
  const { from, and } = scoped(scope);
  return sql`(select m.id from ${from} where m.deleted_at is null and ${match}${and} limit ${SEARCH_COUNT_CAP + 1})`;
}

/**
 * The search as two unions over the ways of matching (full name, last name, code, phone fragment), as
 * the transaction search does. `candidates`: at most `k` = offset + limit per way, in name order (a
 * union of each way's first k holds the first k of all). `counted`: at most SEARCH_COUNT_CAP + 1 ids
 * per way; their union holds more than the cap exactly when the matches do, so the count needs no order.
 *
 * The name ways walk the names when the scope is wide (`walk`: the bank, a religion, a union, a
 * large branch; see WALK_FROM_MEMBERS). A narrow scope's ranges are read per institution (the
 * planner starts from the institutions in scope); a code or a phone is a range for everyone. A
 * range is read and sorted once for both unions.
 */
function searchParts(value: string, scope: SQL | null, walk: boolean, k: number): { ranges: SQL; candidates: SQL; counted: SQL } {
  const prefix = likePrefix(value.toLowerCase());
  const n = Math.max(SEARCH_COUNT_CAP + 1, k);
  const ways: Array<{ match: SQL; walk: string | null }> = [
    { match: sql`${sql.raw(FULL_NAME)} like ${prefix}`, walk: walk ? FULL_NAME : null },
    { match: sql`${sql.raw(LAST_NAME)} like ${prefix}`, walk: walk ? LAST_NAME : null },
    { match: sql`${sql.raw(CODE)} like ${prefix}`, walk: null },
  ];
  const phone = phoneNeedle(value);
  if (phone) ways.push({ match: sql`m.phone like ${phone}`, walk: null });
  const range = (i: number) => sql.raw(`r${i}`);
  const ranges = ways.flatMap((way, i) => (way.walk ? [] : [sql`${range(i)} as (${firstOfRange(way.match, scope, n)})`]));
  const candidates = ways.map((way, i) =>
    way.walk ? firstByName(way.walk, prefix, scope, k) : sql`(select id, last_name, first_name from ${range(i)})`,
  );
  const counted = ways.map((way, i) => (way.walk ? anyOfRange(way.match, scope) : sql`(select id from ${range(i)})`));
  // The code way is never walked, so there is always at least one range.
  return { ranges: sql.join(ranges, sql`, `), candidates: sql.join(candidates, sql` union `), counted: sql.join(counted, sql` union `) };
}

/**
 * A scope of at least this many members walks the names (see searchParts): there the walk meets the
 * scope's namesakes within a few entries of each name, while a range of a common first name is
 * thousands of rows to sort. Below it (a church, a district, a small branch) a common first name is
 * a few hundred rows, read from the scope's institutions, and a walk would pass the rest of the bank's.
 */
export const WALK_FROM_MEMBERS = 20_000;

/** Whether the caller's scope is wide enough to walk: the whole bank, else its members from the participation read model (a few rows). */
async function walksNames(ctx: AppContext, user: AuthUser, walkFromMembers: number): Promise<boolean> {
  return isUnscoped(user) || (await registeredMembers(ctx.database.db, user)) >= walkFromMembers;
}

type MemberHitRow = { total: number; id: number; first_name: string; last_name: string; code: string; phone: string; institution: string };

/**
 * Advanced search, members tab: name, phone or member code, in scope, by last then first name.
 * `walkFromMembers` is for tests, which compare both ways of reading with the unindexed query.
 */
export async function searchMembers(ctx: AppContext, user: AuthUser, value: string, page: Page, walkFromMembers = WALK_FROM_MEMBERS) {
  const db = ctx.database.db;
  const scope = isUnscoped(user) ? null : institutionScope(user);
  const parts = searchParts(value, scope, await walksNames(ctx, user, walkFromMembers), page.offset + page.limit);
  const hits = sql`with ${parts.ranges},
    candidates as (${parts.candidates}),
    counted as (select count(*) as n from (${parts.counted}) c),
    page as (select id, last_name, first_name from candidates order by last_name, first_name, id limit ${page.limit} offset ${page.offset})`;
  const rows = executedRows<MemberHitRow>(
    await db.execute(sql`${hits}
      select (select n from counted)::int as total, m.id, m.first_name, m.last_name, m.code, m.phone, i.title as institution
      from page join members m on m.id = page.id join ${institutions} i on i.id = m.institution_id
      order by page.last_name, page.first_name, page.id`),
  );
  // A page past the end holds no row to carry the count; ask for it alone.
  const total =
    rows[0]?.total ?? (page.offset === 0 ? 0 : Number(executedRows<{ n: number }>(await db.execute(sql`${hits} select n::int as n from counted`))[0]?.n ?? 0));
  const data: MemberHit[] = rows.map((m) => ({ id: Number(m.id), names: `${m.first_name} ${m.last_name}`, code: m.code, phone: m.phone, institution: m.institution }));
  return { data, count: Math.min(Number(total), SEARCH_COUNT_CAP) };
}
