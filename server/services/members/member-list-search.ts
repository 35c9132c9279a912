import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { executedRows } from '../desk/unnest-insert';
import { type MemberSearchBranch, memberNameKey } from './member-search';

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
 * One branch's first `n` (id, list key) in list order, within `conditions` (scope, filters, cursor).
 * A branch in list order is a range of members_list_name stopped after `n`; any other is fenced
 * (`offset 0`) so the planner reads its own index whole and sorts what it matched, instead of
 * walking members_list_name filtering every row in the hope of finding `n` early (ADR 069).
 */
function branchPage(conditions: SQL[], branch: MemberSearchBranch, n: number): SQL {
  const matched = sql`select ${members.id} as id, ${memberNameKey} as k from ${members}
    inner join ${institutions} on ${institutions.id} = ${members.institutionId}
    where ${and(...conditions, branch.match)}`;
  if (branch.inListOrder) return sql`(${matched} order by k, id limit ${n})`;
  return sql`(select id, k from (${matched} offset 0) fenced order by k, id limit ${n})`;
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
