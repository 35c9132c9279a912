import { type SQL, sql } from 'drizzle-orm';
import { addDays, dayOf, type Day } from '../../../domain/calendar';
import type { CurrencySum } from '../../../domain/api/structure';
import type { Db } from '../../db/client';
import { executedRows } from '../desk/unnest-insert';

export type SubtreeCounts = { institutionsBelow: number; members: number; collections30d: CurrencySum[] };

/** The last 30 calendar days, today included. */
export function last30Days(now: Date): { from: Day; to: Day } {
  const to = dayOf(now);
  return { from: addDays(to, -29), to };
}

/**
 * Counts for a page of nodes in three grouped queries, whatever the page's size: institutions
 * below (path prefix, indexed with text_pattern_ops), live members, and completed collections of
 * the last 30 days from the read model's day rows (ADR 030) — never a query per node.
 */
export function countsBranchOf(user: { roleKind: string; branchId: number | null }): number | null {
  return user.roleKind === 'branch' ? (user.branchId ?? -1) : null;
}

export async function subtreeCounts(
  db: Db,
  nodes: ReadonlyArray<{ id: number; path: string }>,
  now: Date,
  /** A branch user's branch: only the branch's institutions below a node are counted (the tree shows them no other). */
  onlyBranchId: number | null = null,
): Promise<Map<number, SubtreeCounts>> {
  const result = new Map<number, SubtreeCounts>(nodes.map((node) => [node.id, { institutionsBelow: 0, members: 0, collections30d: [] }]));
  if (nodes.length === 0) return result;
  const ids = nodes.map((node) => node.id);
  const { from, to } = last30Days(now);
  // Each node's subtree as (node, descendant) pairs; the planner walks the path index per node.
  const inBranch = onlyBranchId === null ? sql`` : sql` and d.branch_id = ${onlyBranchId}`;
  const subtree: SQL = sql`select k.id as kid, d.id as did from institutions k join institutions d on d.path like k.path || '%'${inBranch} where k.id = any(${sql.raw(`array[${ids.map(Number).join(',')}]`)}::int[])`;
  const [below, members, money] = await Promise.all([
    db.execute(sql`select kid, count(*) filter (where did <> kid)::int as n from (${subtree}) s group by kid`),
    db.execute(sql`select s.kid, count(m.id)::int as n from (${subtree}) s join members m on m.institution_id = s.did and m.deleted_at is null group by s.kid`),
    db.execute(sql`
      select s.kid, ct.currency, sum(ct.amount)::bigint as amount, sum(ct.transactions)::int as n
      from (${subtree}) s
      join collection_totals ct on ct.institution_id = s.did and ct.period = 'day' and ct.starts_on between ${from} and ${to} and ct.status = 'completed'
      group by s.kid, ct.currency
      order by s.kid, ct.currency`),
  ]);
  for (const row of executedRows<{ kid: number; n: number }>(below)) result.get(Number(row.kid))!.institutionsBelow = Number(row.n);
  for (const row of executedRows<{ kid: number; n: number }>(members)) result.get(Number(row.kid))!.members = Number(row.n);
  for (const row of executedRows<{ kid: number; currency: string; amount: string | number; n: number }>(money)) {
    result.get(Number(row.kid))!.collections30d.push({ currency: row.currency, amount: Number(row.amount), transactions: Number(row.n) });
  }
  return result;
}
