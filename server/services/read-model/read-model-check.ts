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
    | 'institution_year_totals'
    | 'operator_totals'
    | 'offering_rollup'
    | 'offering_rollup_sums'
    | 'operator_rollup'
    | 'collection_top_rollup'
    | 'member_totals'
    | 'giver_firsts';
  key: string;
  stored: string | null;
  expected: string | null;
};

/** A table of the read model, compared with its `<table>_expected` view: the key columns and the measures. */
type Compared = { table: Exclude<ReadModelDifference['table'], 'member_totals' | 'giver_firsts'>; keys: readonly string[]; measures: readonly string[]; zeroExpectedIsAbsent?: boolean };

const MONEY = ['transactions', 'amount', 'fee'] as const;
const SHARES = ['share_church', 'share_field', 'share_union'] as const;

/**
 * The *_expected views of migration 0011, the rollup's of 0018, the year totals' of 0022, the
 * operator totals' of 0040, the bank's rollups' of 0043 and the institutions' year totals' of 0049 and the offering rollup's sums of 0050. Where the view itself can hold rows
 * whose measures are all zero (offering shares that net out), those count as absent on both sides.
 */
const COMPARED: readonly Compared[] = [
  { table: 'collection_totals', keys: ['period', 'starts_on', 'institution_id', 'method', 'status', 'currency'], measures: MONEY },
  { table: 'offering_totals', keys: ['period', 'starts_on', 'institution_id', 'offering_type_id', 'method', 'status', 'currency'], measures: ['amount', ...SHARES], zeroExpectedIsAbsent: true },
  { table: 'collection_rollup', keys: ['period', 'starts_on', 'religion_id', 'branch_id', 'method', 'status', 'currency'], measures: MONEY },
  { table: 'collection_year_totals', keys: ['starts_on', 'institution_id', 'method', 'status', 'currency'], measures: MONEY },
  { table: 'institution_year_totals', keys: ['starts_on', 'institution_id', 'status', 'currency'], measures: MONEY },
  { table: 'operator_totals', keys: ['period', 'starts_on', 'institution_id', 'operator', 'status', 'currency'], measures: MONEY },
  { table: 'offering_rollup', keys: ['period', 'starts_on', 'religion_id', 'branch_id', 'offering_type_id', 'currency'], measures: SHARES, zeroExpectedIsAbsent: true },
  { table: 'offering_rollup_sums', keys: ['period', 'starts_on', 'religion_id', 'branch_id', 'currency'], measures: ['types', ...SHARES], zeroExpectedIsAbsent: true },
  { table: 'operator_rollup', keys: ['period', 'starts_on', 'religion_id', 'branch_id', 'operator', 'status', 'currency'], measures: MONEY },
  { table: 'collection_top_rollup', keys: ['period', 'starts_on', 'religion_id', 'branch_id', 'top_id', 'method', 'status', 'currency'], measures: MONEY },
];

/**
 * The stored rows against the expected ones, keyed alike: every key on one side only, or with other
 * measures. Rows whose measures are all zero count as absent: the triggers leave them behind when
 * money moves on (a payment that stops being pending), the recompute never makes them. The names are
 * the constants above, never input.
 */
function comparison({ table, keys, measures, zeroExpectedIsAbsent }: Compared) {
  const nonZero = measures.map((column) => `${column} <> 0`).join(' or ');
  const of = (alias: string, columns: readonly string[]) => columns.map((column) => `${alias}.${column}`).join(', ');
  const first = keys[0]!;
  return sql.raw(`
  with stored as (select * from ${table} where ${nonZero}),
  expected as (select * from ${table}_expected${zeroExpectedIsAbsent ? ` where ${nonZero}` : ''})
  select concat_ws('|', ${keys.map((key) => `coalesce(s.${key}, e.${key})`).join(', ')}) as key,
         case when s.${first} is null then null else concat_ws(' ', ${of('s', measures)}) end as stored,
         case when e.${first} is null then null else concat_ws(' ', ${of('e', measures)}) end as expected
  from stored s
  full join expected e on (${of('e', keys)}) = (${of('s', keys)})
  where s.${first} is null or e.${first} is null or (${of('s', measures)}) <> (${of('e', measures)})
  order by 1 limit 100`);
}

type Row = { key: string; stored: string | null; expected: string | null };

/**
 * Recomputes the read model from transactions, their lines and the ledger (COMPARED's views) and
 * lists where the stored totals disagree, to the shilling: empty when all is well. At most 100
 * differences per table.
 */
export async function readModelDifferences(db: Db): Promise<ReadModelDifference[]> {
  const differences: ReadModelDifference[] = [];
  // One table after another: each comparison reads a whole table and its view.
  for (const compared of COMPARED) {
    for (const row of executedRows<Row>(await db.execute(comparison(compared)))) differences.push({ table: compared.table, ...row });
  }
  // Members registered and distinct givers (ADR 067).
  differences.push(...(await participationDifferences(db)));
  return differences;
}

/** Rebuilds the whole read model from the ledger (what the migration did once). */
export async function rebuildReadModel(db: Db): Promise<void> {
  await db.execute(sql`select read_model_rebuild(null)`);
  await rebuildParticipation(db);
}
