import { type SQL, sql, type TablesRelationalConfig } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * drizzle-orm 0.45 (the latest release) checks a client out of the pool for a transaction and sends
 * `begin` *before* the try/finally that releases it. When the connection is lost at that moment (a
 * restart, a failover, pg_terminate_backend, or an idle connection handed out before its error
 * arrived), `begin` fails and the client is never released: the pool (10 connections, no acquire
 * timeout) keeps it checked out for ever. Ten such moments and every query waits for ever; one is
 * enough for `pool.end()` never to resolve, the likely cause of db-faults.pg.test.ts's teardown hang in CI.
 *
 * This replaces NodePgSession's `transaction` with the same steps and `begin` inside the release: a
 * client whose `begin` (or `rollback`) failed is released with the error, so the pool discards it.
 * The body, commit and rollback are otherwise drizzle's. Nested transactions (savepoints) run on the transaction's own session
 * and are untouched. db-transaction-release.pg.test.ts drops the connection at `begin` through a proxy.
 */
type SessionInternals = {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

type AnySession = NodePgSession<Record<string, unknown>, TablesRelationalConfig>;
type AnyTransaction = NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>;
/** Drizzle's own rendering of isolation level, access mode and deferrable (not in its typings). */
type WithConfigSql = { getTransactionConfigSQL(config: PgTransactionConfig): SQL };

async function transaction<T>(this: SessionInternals, body: (tx: AnyTransaction) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  if (!(this.client instanceof pg.Pool)) {
    return original.call(this as unknown as AnySession, body as never, config) as Promise<T>;
  }
  const client = await this.client.connect();
  const session = new NodePgSession(client, this.dialect, this.schema, this.options);
  const tx: AnyTransaction = new NodePgTransaction(this.dialect, session, this.schema);
  try {
    await tx.execute(sql`begin${config ? sql` ${(tx as unknown as WithConfigSql).getTransactionConfigSQL(config)}` : undefined}`);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  // A connection whose rollback failed is in no known state: released with the error, it is discarded.
  let broken: Error | undefined;
  try {
    const result = await body(tx);
    await tx.execute(sql`commit`);
    return result;
  } catch (error) {
    try {
      await tx.execute(sql`rollback`);
    } catch (rollbackError) {
      broken = rollbackError as Error;
      throw rollbackError;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

const original = NodePgSession.prototype.transaction;
NodePgSession.prototype.transaction = transaction as unknown as typeof original;
