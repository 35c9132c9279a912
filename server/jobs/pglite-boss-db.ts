import type { RawSql } from '../db/client';

/**
 * pg-boss's `db` option for PGlite (one in-process connection, no pool). pg-boss sends two kinds
 * of SQL: single statements, with or without parameters, whose rows it reads; and multi-statement
 * scripts (migrations, `BEGIN; …; COMMIT;`) without parameters whose rows it ignores. PGlite's
 * `query` runs the first kind and refuses the second with "cannot insert multiple commands into a
 * prepared statement" (42601, at parse time, so nothing ran), and then we `exec` the script. A
 * failed script may leave its transaction open on the single connection, so it is rolled back.
 */
export function pgliteBossDb(raw: RawSql) {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
      if (values && values.length > 0) return raw.query(text, values);
      try {
        return await raw.query(text);
      } catch (error) {
        if ((error as { code?: string }).code !== '42601') throw error;
      }
      try {
        await raw.exec(text);
        return { rows: [] };
      } catch (error) {
        await raw.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
