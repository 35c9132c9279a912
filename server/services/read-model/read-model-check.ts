import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executedRows } from '../desk/unnest-insert';
import { participationDifferences, rebuildParticipation } from './participation-check';

/** One row of the read model that does not agree with the ledger (either side may be missing: null). */
export type ReadModelDifference = {
  table:
    | 'collection_totals'
    | 'offering_totals'
    | 'collection_rollup'
    | 'collection_year_totals'
    | 'operator_totals'
    | 'offering_rollup'
    | 'operator_rollup'
    | 'collection_top_rollup'
    | 'member_totals'
    | 'giver_firsts';
  key: string;
  stored: string | null;
  expected: string | null;
};

// Rows whose measures are all zero count as absent: the triggers leave them behind when money
// moves on (a payment that stops being pending), the recompute never makes them.
const COLLECTION = sql`
  with stored as (
    select * from collection_totals where transactions <> 0 or amount <> 0 or fee <> 0
  )
  select concat_ws('|', coalesce(s.period, e.period), coalesce(s.starts_on, e.starts_on), coalesce(s.institution_id, e.institution_id),
                   coalesce(s.method, e.method), coalesce(s.status, e.status), coalesce(s.currency, e.currency)) as key,
         case when s.period is null then null else concat_ws(' ', s.transactions, s.amount, s.fee) end as stored,
         case when e.period is null then null else concat_ws(' ', e.transactions, e.amount, e.fee) end as expected
  from stored s
  full join collection_totals_expected e
    on (e.period, e.starts_on, e.institution_id, e.method, e.status, e.currency) = (s.period, s.starts_on, s.institution_id, s.method, s.status, s.currency)
  where s.period is null or e.period is null or (s.transactions, s.amount, s.fee) <> (e.transactions, e.amount, e.fee)
  order by 1 limit 100`;

const OFFERING = sql`
  with stored as (
    select * from offering_totals where amount <> 0 or share_church <> 0 or share_field <> 0 or share_union <> 0
  ), expected as (
    select * from offering_totals_expected where amount <> 0 or share_church <> 0 or share_field <> 0 or share_union <> 0
  )
  select concat_ws('|', coalesce(s.period, e.period), coalesce(s.starts_on, e.starts_on), coalesce(s.institution_id, e.institution_id),
                   coalesce(s.offering_type_id, e.offering_type_id), coalesce(s.method, e.method), coalesce(s.status, e.status),
                   coalesce(s.currency, e.currency)) as key,
         case when s.period is null then null else concat_ws(' ', s.amount, s.share_church, s.share_field, s.share_union) end as stored,
         case when e.period is null then null else concat_ws(' ', e.amount, e.share_church, e.share_field, e.share_union) end as expected
  from stored s
  full join expected e
    on (e.period, e.starts_on, e.institution_id, e.offering_type_id, e.method, e.status, e.currency)
     = (s.period, s.starts_on, s.institution_id, s.offering_type_id, s.method, s.status, s.currency)
  where s.period is null or e.period is null
     or (s.amount, s.share_church, s.share_field, s.share_union) <> (e.amount, e.share_church, e.share_field, e.share_union)
  order by 1 limit 100`;

const ROLLUP = sql`
  with stored as (
    select * from collection_rollup where transactions <> 0 or amount <> 0 or fee <> 0
  )
  select concat_ws('|', coalesce(s.period, e.period), coalesce(s.starts_on, e.starts_on), coalesce(s.religion_id, e.religion_id),
                   coalesce(s.branch_id, e.branch_id), coalesce(s.method, e.method), coalesce(s.status, e.status), coalesce(s.currency, e.currency)) as key,
         case when s.period is null then null else concat_ws(' ', s.transactions, s.amount, s.fee) end as stored,
         case when e.period is null then null else concat_ws(' ', e.transactions, e.amount, e.fee) end as expected
  from stored s
  full join collection_rollup_expected e
    on (e.period, e.starts_on, e.religion_id, e.branch_id, e.method, e.status, e.currency)
     = (s.period, s.starts_on, s.religion_id, s.branch_id, s.method, s.status, s.currency)
  where s.period is null or e.period is null or (s.transactions, s.amount, s.fee) <> (e.transactions, e.amount, e.fee)
  order by 1 limit 100`;

const YEAR = sql`
  with stored as (
    select * from collection_year_totals where transactions <> 0 or amount <> 0 or fee <> 0
  )
  select concat_ws('|', coalesce(s.starts_on, e.starts_on), coalesce(s.institution_id, e.institution_id),
                   coalesce(s.method, e.method), coalesce(s.status, e.status), coalesce(s.currency, e.currency)) as key,
         case when s.starts_on is null then null else concat_ws(' ', s.transactions, s.amount, s.fee) end as stored,
         case when e.starts_on is null then null else concat_ws(' ', e.transactions, e.amount, e.fee) end as expected
  from stored s
  full join collection_year_totals_expected e
    on (e.starts_on, e.institution_id, e.method, e.status, e.currency) = (s.starts_on, s.institution_id, s.method, s.status, s.currency)
  where s.starts_on is null or e.starts_on is null or (s.transactions, s.amount, s.fee) <> (e.transactions, e.amount, e.fee)
  order by 1 limit 100`;

const OPERATOR = sql`
  with stored as (
    select * from operator_totals where transactions <> 0 or amount <> 0 or fee <> 0
  )
  select concat_ws('|', coalesce(s.period, e.period), coalesce(s.starts_on, e.starts_on), coalesce(s.institution_id, e.institution_id),
                   coalesce(s.operator, e.operator), coalesce(s.status, e.status), coalesce(s.currency, e.currency)) as key,
         case when s.period is null then null else concat_ws(' ', s.transactions, s.amount, s.fee) end as stored,
         case when e.period is null then null else concat_ws(' ', e.transactions, e.amount, e.fee) end as expected
  from stored s
  full join operator_totals_expected e
    on (e.period, e.starts_on, e.institution_id, e.operator, e.status, e.currency) = (s.period, s.starts_on, s.institution_id, s.operator, s.status, s.currency)
  where s.period is null or e.period is null or (s.transactions, s.amount, s.fee) <> (e.transactions, e.amount, e.fee)
  order by 1 limit 100`;

// The bank's rollups (migration 0043): stored against their views, which sum the per-institution views.
const OFFERING_ROLLUP = sql`
  with stored as (
    select * from offering_rollup where share_church <> 0 or share_field <> 0 or share_union <> 0
  ), expected as (
    select * from offering_rollup_expected where share_church <> 0 or share_field <> 0 or share_union <> 0
  )
  select concat_ws('|', coalesce(s.period, e.period), coalesce(s.starts_on, e.starts_on), coalesce(s.religion_id, e.religion_id),
                   coalesce(s.branch_id, e.branch_id), coalesce(s.offering_type_id, e.offering_type_id), coalesce(s.currency, e.currency)) as key,
         case when s.period is null then null else concat_ws(' ', s.share_church, s.share_field, s.share_union) end as stored,
         case when e.period is null then null else concat_ws(' ', e.share_church, e.share_field, e.share_union) end as expected
  from stored s
  full join expected e
    on (e.period, e.starts_on, e.religion_id, e.branch_id, e.offering_type_id, e.currency) = (s.period, s.starts_on, s.religion_id, s.branch_id, s.offering_type_id, s.currency)
  where s.period is null or e.period is null or (s.share_church, s.share_field, s.share_union) <> (e.share_church, e.share_field, e.share_union)
  order by 1 limit 100`;

const OPERATOR_ROLLUP = sql`
  with stored as (
    select * from operator_rollup where transactions <> 0 or amount <> 0 or fee <> 0
  )
  select concat_ws('|', coalesce(s.period, e.period), coalesce(s.starts_on, e.starts_on), coalesce(s.religion_id, e.religion_id),
                   coalesce(s.branch_id, e.branch_id), coalesce(s.operator, e.operator), coalesce(s.status, e.status), coalesce(s.currency, e.currency)) as key,
         case when s.period is null then null else concat_ws(' ', s.transactions, s.amount, s.fee) end as stored,
         case when e.period is null then null else concat_ws(' ', e.transactions, e.amount, e.fee) end as expected
  from stored s
  full join operator_rollup_expected e
    on (e.period, e.starts_on, e.religion_id, e.branch_id, e.operator, e.status, e.currency) = (s.period, s.starts_on, s.religion_id, s.branch_id, s.operator, s.status, s.currency)
  where s.period is null or e.period is null or (s.transactions, s.amount, s.fee) <> (e.transactions, e.amount, e.fee)
  order by 1 limit 100`;

const TOP_ROLLUP = sql`
  with stored as (
    select * from collection_top_rollup where transactions <> 0 or amount <> 0 or fee <> 0
  )
  select concat_ws('|', coalesce(s.period, e.period), coalesce(s.starts_on, e.starts_on), coalesce(s.religion_id, e.religion_id),
                   coalesce(s.branch_id, e.branch_id), coalesce(s.top_id, e.top_id), coalesce(s.method, e.method), coalesce(s.status, e.status), coalesce(s.currency, e.currency)) as key,
         case when s.period is null then null else concat_ws(' ', s.transactions, s.amount, s.fee) end as stored,
         case when e.period is null then null else concat_ws(' ', e.transactions, e.amount, e.fee) end as expected
  from stored s
  full join collection_top_rollup_expected e
    on (e.period, e.starts_on, e.religion_id, e.branch_id, e.top_id, e.method, e.status, e.currency)
     = (s.period, s.starts_on, s.religion_id, s.branch_id, s.top_id, s.method, s.status, s.currency)
  where s.period is null or e.period is null or (s.transactions, s.amount, s.fee) <> (e.transactions, e.amount, e.fee)
  order by 1 limit 100`;

type Row = { key: string; stored: string | null; expected: string | null };

/**
 * Recomputes the read model from transactions, their lines and the ledger (the *_expected views
 * of migration 0011, the rollup's of 0018, the year totals' of 0022, the operator totals' of 0040, the
 * bank's rollups' of 0043) and lists where the stored totals disagree, to the shilling: empty when all
 * is well. At most 100 differences per table.
 */
export async function readModelDifferences(db: Db): Promise<ReadModelDifference[]> {
  const collection = await db.execute<Row>(COLLECTION);
  const offering = await db.execute<Row>(OFFERING);
  const rollup = await db.execute<Row>(ROLLUP);
  const year = await db.execute<Row>(YEAR);
  const operator = await db.execute<Row>(OPERATOR);
  const offeringRollup = await db.execute<Row>(OFFERING_ROLLUP);
  const operatorRollup = await db.execute<Row>(OPERATOR_ROLLUP);
  const topRollup = await db.execute<Row>(TOP_ROLLUP);
  return [
    ...executedRows<Row>(collection).map((row) => ({ table: 'collection_totals' as const, ...row })),
    ...executedRows<Row>(offering).map((row) => ({ table: 'offering_totals' as const, ...row })),
    ...executedRows<Row>(rollup).map((row) => ({ table: 'collection_rollup' as const, ...row })),
    ...executedRows<Row>(year).map((row) => ({ table: 'collection_year_totals' as const, ...row })),
    ...executedRows<Row>(operator).map((row) => ({ table: 'operator_totals' as const, ...row })),
    ...executedRows<Row>(offeringRollup).map((row) => ({ table: 'offering_rollup' as const, ...row })),
    ...executedRows<Row>(operatorRollup).map((row) => ({ table: 'operator_rollup' as const, ...row })),
    ...executedRows<Row>(topRollup).map((row) => ({ table: 'collection_top_rollup' as const, ...row })),
    // Members registered and distinct givers (ADR 067).
    ...(await participationDifferences(db)),
  ];
}

/** Rebuilds the whole read model from the ledger (what the migration did once). */
export async function rebuildReadModel(db: Db): Promise<void> {
  await db.execute(sql`select read_model_rebuild(null)`);
  await rebuildParticipation(db);
}
