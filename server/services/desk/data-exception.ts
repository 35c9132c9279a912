import { sqlState } from '../../lib/sql-state';

/**
 * The database refused this data itself, so sending the same entry again can never succeed:
 * class 22 "data exception" (a NUL in text, a value out of range), 23 "integrity constraint
 * violation" (a check, a foreign key, a NOT NULL the schema did not foresee), 54 "program limit
 * exceeded" (a value too large for an index) and P0 (a trigger that raises). A sync answers such
 * an entry `rejected` on its own and goes on with its neighbours. A unique violation (23505, and
 * an exclusion, 23P01) is left out: it is a concurrent writer of the same key, which a retry
 * answers as the `duplicate` or `conflict` it is.
 *
 * Everything else (a dropped connection, a shutdown, a serialization failure or deadlock, a
 * cancelled statement) may pass on a retry: it fails the request (503 or 500), the entries already
 * stored answer `duplicate` when the outbox sends them again.
 */
export function isRefusedByDatabase(error: unknown): boolean {
  const code = sqlState(error);
  return code !== null && /^(22|23|54|P0)/.test(code) && code !== '23505' && code !== '23P01';
}
