import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executedRows } from '../desk/unnest-insert';

/** One row of the participation read model (ADR 067) that does not agree with members and transactions. */
export type ParticipationDifference = { table: 'member_totals' | 'giver_firsts'; key: string; stored: string | null; expected: string | null };

// Zero rows count as absent: the triggers leave them behind (a member deleted, a giving failed).
const MEMBERS = sql`
  with stored as (select * from member_totals where members <> 0)
  select concat_ws('|', coalesce(s.scope_kind, e.scope_kind), coalesce(s.scope_id, e.scope_id), coalesce(s.period, e.period), coalesce(s.starts_on, e.starts_on)) as key,
         s.members::text as stored, e.members::text as expected
  from stored s
  full join member_totals_expected e on (e.scope_kind, e.scope_id, e.period, e.starts_on) = (s.scope_kind, s.scope_id, s.period, s.starts_on)
  where s.members is distinct from e.members
  order by 1 limit 100`;

const GIVERS = sql`
  with stored as (select * from giver_firsts where givers <> 0)
  select concat_ws('|', coalesce(s.scope_kind, e.scope_kind), coalesce(s.scope_id, e.scope_id), coalesce(s.currency, e.currency),
                   coalesce(s.anchor, e.anchor), coalesce(s.first_day, e.first_day)) as key,
         s.givers::text as stored, e.givers::text as expected
  from stored s
  full join giver_firsts_expected e
    on (e.scope_kind, e.scope_id, e.currency, e.anchor, e.first_day) = (s.scope_kind, s.scope_id, s.currency, s.anchor, s.first_day)
  where s.givers is distinct from e.givers
  order by 1 limit 100`;

type Row = { key: string; stored: string | null; expected: string | null };

/** Recomputes member_totals and giver_firsts (the *_expected views of migration 0042) and lists where they disagree: empty when all is well. */
export async function participationDifferences(db: Db): Promise<ParticipationDifference[]> {
  const membersRows = executedRows<Row>(await db.execute<Row>(MEMBERS));
  const giversRows = executedRows<Row>(await db.execute<Row>(GIVERS));
  return [...membersRows.map((row) => ({ table: 'member_totals' as const, ...row })), ...giversRows.map((row) => ({ table: 'giver_firsts' as const, ...row }))];
}

/** Rebuilds the participation read model from members and transactions. */
export async function rebuildParticipation(db: Db): Promise<void> {
  await db.execute(sql`select participation_rebuild()`);
}
