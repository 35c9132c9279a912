import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { executedRows } from '../desk/unnest-insert';
import { lastNameListKey, type MemberSearchBranch, memberNameKey } from './member-search';

/** A members list row as listMembers maps it (memberListColumns' names). */
export type MemberListRow = {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  code: string;
  institutionId: number;
  zoneId: number | null;
  institutionTitle: string;
  zoneName: string | null;
  nameKey: string;
};

/**
 * One branch's first `n` (id, list key) in list order, within `conditions` (scope, filters, cursor),
 * read as the branch says (MemberSearchBranch). A fenced branch is its own subquery (`offset 0`):
 * otherwise the planner may walk members_list_name filtering every row in the hope of finding `n`
 * early (68 ms to find no last name at 100,000 members; ADR 069).
 */
function branchPage(conditions: SQL[], branch: MemberSearchBranch, n: number): SQL {
  const matched = (more: SQL[] = []) => sql`select ${members.id} as id, ${memberNameKey} as k from ${members}
    inner join ${institutions} on ${institutions.id} = ${members.institutionId}
    where ${and(...conditions, branch.match, ...more)}`;
  if (branch.read === 'list-order') return sql`(${matched()} order by k, id limit ${n})`;
  if (branch.read !== 'each-last-name') return sql`(select id, k from (${matched()} offset 0) fenced order by k, id limit ${n})`;
  // The distinct last names in the prefix's range, one index probe each (a loose scan), then a page of each in list order.
  const inRange = sql`${members.deletedAt} is null and ${lastNameListKey} like ${branch.lastNames}`;
  return sql`(with recursive last_names(v) as (
      select min(${lastNameListKey}) from ${members} where ${inRange}
      union all
      select (select min(${lastNameListKey}) from ${members} where ${inRange} and ${lastNameListKey} > last_names.v) from last_names where last_names.v is not null
    )
    select hit.id, hit.k from last_names cross join lateral (${matched([sql`${lastNameListKey} = last_names.v`])} order by k, id limit ${n}) hit
    order by hit.k, hit.id limit ${n})`;
}

/**
 * The list's search page: the first `n` members in list order (name key, id) matching any branch.
 * The branches are disjoint, so the first `n` of their union is the first `n` of what the one
 * condition matches (memberSearchCondition), with the same keyset cursor.
 */
export async function searchPage(db: Db, conditions: SQL[], branches: MemberSearchBranch[], n: number): Promise<MemberListRow[]> {
  const union = sql.join(
    branches.map((branch) => branchPage(conditions, branch, n)),
    sql` union all `,
  );
  const rows = executedRows<MemberListRow & { id: number | string }>(
    await db.execute(sql`select m.id, m.first_name as "firstName", m.last_name as "lastName", m.phone, m.code,
        m.institution_id as "institutionId", m.zone_id as "zoneId", i.title as "institutionTitle", z.name as "zoneName", hit.k as "nameKey"
      from (${union}) hit
      join members m on m.id = hit.id
      join institutions i on i.id = m.institution_id
      left join zones z on z.id = m.zone_id
      order by hit.k, hit.id limit ${n}`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
