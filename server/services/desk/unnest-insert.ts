import { type SQL, sql } from 'drizzle-orm';

/** A column of an unnest insert: its name, its PostgreSQL type, and how to read it from a row. */
export type UnnestColumn<R> = readonly [name: string, type: string, value: (row: R) => unknown];

/**
 * `INSERT INTO table (…) SELECT * FROM unnest($1::type[], $2::type[], …)`: one parameter per
 * column however many rows, where a multi-row VALUES takes one per value (a request of 100
 * receipts writes ~700 ledger lines × 7 values), which drizzle pays for building and PostgreSQL
 * for parsing. Rows are inserted in the order given. `tail` follows (ON CONFLICT, RETURNING).
 */
export function unnestInsert<R>(table: string, columns: ReadonlyArray<UnnestColumn<R>>, rows: readonly R[], tail: SQL = sql``): SQL {
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const arrays = sql.join(
    columns.map(([, type, value]) => sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`),
    sql`, `,
  );
  return sql`insert into ${sql.raw(table)} (${names}) select * from unnest(${arrays}) ${tail}`;
}

/** The rows of `db.execute`, which node-postgres and PGlite shape differently. */
export function executedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}
