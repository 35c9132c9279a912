import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

// Rows per statement. Each chunk travels as ONE json parameter: PGlite parses a 5,000-row json
// value far faster than a statement with 40,000 bind parameters (measured: ~10x for the seed).
const CHUNK_ROWS = 5_000;

/**
 * Bulk insert through json_populate_recordset, typed by the drizzle table. Consecutive rows with
 * the same keys share a statement, so a column a row leaves out still gets its database default
 * and the rows keep their order (parents before children in self-referencing tables).
 */
export async function insertChunked<T extends PgTable>(db: Db, table: T, rows: ReadonlyArray<T['$inferInsert']>): Promise<void> {
  const columns = getTableColumns(table);
  const name = getTableName(table);
  let batch: Array<Record<string, unknown>> = [];
  let batchKeys = '';
  const flush = async () => {
    if (batch.length === 0) return;
    const list = batchKeys
      .split(',')
      .map((key) => `"${columns[key]!.name}"`)
      .join(', ');
    const json = JSON.stringify(batch);
    batch = [];
    await db.execute(sql`insert into ${sql.raw(`"${name}" (${list})`)} select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(`"${name}"`)}, ${json}::json)`);
  };
  for (const row of rows as ReadonlyArray<Record<string, unknown>>) {
    const keys = Object.keys(row).filter((key) => row[key] !== undefined && key in columns);
    const signature = keys.join(',');
    if (signature !== batchKeys || batch.length >= CHUNK_ROWS) await flush();
    batchKeys = signature;
    const dbRow: Record<string, unknown> = {};
    for (const key of keys) dbRow[columns[key]!.name] = row[key];
    batch.push(dbRow);
  }
  await flush();
}

/** The seed writes explicit ids (so they are the same on every run); move each serial past them. */
export async function resetSequences(db: Db, tables: readonly PgTable[]): Promise<void> {
  for (const table of tables) {
    const name = getTableName(table);
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`),
    );
  }
}
