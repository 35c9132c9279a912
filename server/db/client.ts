import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../lib/project-root';
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from './change-feed';
// A transaction whose 'begin' fails releases its connection (drizzle's does not): see the file.
import './release-on-failed-begin';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers share this type, so services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL access for the job queue and tests, the same on both drivers. */
export type RawSql = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  exec: (text: string) => Promise<void>;
};

export type Database = {
  db: Db;
  raw: RawSql;
  kind: 'pglite' | 'postgres';
  /** Committed changes to the tables in-process caches copy (LISTEN/NOTIFY, ADR 063). */
  changes: ChangeFeed;
  close: () => Promise<void>;
  /**
   * Runs `fn` while holding a PostgreSQL session advisory lock named `key`, so replicas starting
   * together do one-time set-up (migrations, the job queues) one after the other. PGlite is one
   * process: `fn` simply runs.
   */
  withLock: <T>(key: string, fn: () => Promise<T>) => Promise<T>;
  /** PGlite only: the whole data directory as a tarball, for `openPglite(null, { loadDataDir })`. */
  dump?: () => Promise<Blob | File>;
};

const migrationsFolder = join(projectRoot, 'server', 'db', 'migrations');

/**
 * Opens PGlite in `dataDir` (or in memory when dataDir is null) and applies the migrations.
 * `loadDataDir` starts an in-memory database from a dump (`dumpPglite`) instead of running initdb.
 */
export async function openPglite(dataDir: string | null, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const changes = await pgliteChangeFeed(client);
  return {
    db,
    kind: 'pglite',
    changes,
    raw: {
      query: async (text, values) => ({ rows: (await client.query<Record<string, unknown>>(text, values)).rows }),
      exec: async (text) => {
        await client.exec(text);
      },
    },
    close: async () => {
      await changes.close();
      await client.close();
    },
    withLock: (_key, fn) => fn(),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * How long a query waits for a pooled connection (all ten busy) or for a new one to open before it
 * fails with "timeout exceeded when trying to connect", answered 503 with Retry-After
 * (lib/database-unavailable.ts). Without it a saturated pool or an unreachable server made requests
 * queue for ever, holding their sockets, instead of telling the client to come back. No work holds a
 * connection for long: exports read in keyset batches (ADR 060), so ten seconds is only ever
 * reached when the database cannot keep up.
 */
export const POOL_ACQUIRE_TIMEOUT_MS = 10_000;

/** Connects to PostgreSQL with a pool and applies the migrations. */
export async function openPostgres(url: string, options: { acquireTimeoutMs?: number } = {}): Promise<Database> {
  const changes = postgresChangeFeed(url, (message) => console.warn(message));
  // JIT off for the API's sessions (ADR 068): at 10x data the planner's estimates pass jit_above_cost for
  // statements that run in milliseconds (a search's index ranges), and compiling them cost 50–90 ms each.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? POOL_ACQUIRE_TIMEOUT_MS,
    options: '-c jit=off',
    onConnect: changes.listenOnPoolConnection,
  });
  // An idle client whose connection dies (restart, failover, pg_terminate_backend) emits 'error' on
  // the pool; unhandled, that kills the process. The pool drops that client and opens a fresh one
  // for the next query; requests in flight get a 503 (plugins/errors.ts).
  pool.on('error', (error) => console.warn(`database connection lost (the pool reconnects): ${error.message}`));
  // A client checked out of the pool has no pool listener (pg-pool removes it at checkout): one whose
  // connection dies between two queries of a transaction (a payment's credit awaiting its next
  // statement) emitted an unhandled 'error' and killed the process. Its own query or commit fails
  // with that error instead (answered 503), and the pool discards it on release (not queryable).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    // Drizzle's migrator takes no lock: two replicas starting together on an empty database both
    // found no migration applied, both ran them, and one died on "relation already exists".
    await withAdvisoryLock(pool, 'sadaka:migrate', () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }));
    await changes.started;
  } catch (error) {
    await changes.close();
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    changes,
    raw: {
      query: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
      exec: async (text) => {
        await pool.query(text);
      },
    },
    close: async () => {
      await changes.close();
      await pool.end();
    },
    withLock: (key, fn) => withAdvisoryLock(pool, key, fn),
  };
}

/**
 * A session advisory lock held on one pooled connection while `fn` runs (on any connections): the
 * second replica waits, then finds the work done. A connection that failed while holding the lock
 * is destroyed rather than returned to the pool (the server then drops the lock with it).
 */
async function withAdvisoryLock<T>(pool: pg.Pool, key: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onClient = async (text: string) => {
    try {
      await client.query(text, [key]);
    } catch (error) {
      broken = error as Error;
      throw error;
    }
  };
  try {
    await onClient('select pg_advisory_lock(hashtext($1))');
    try {
      return await fn();
    } finally {
      await onClient('select pg_advisory_unlock(hashtext($1))');
    }
  } finally {
    client.release(broken);
  }
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string | null }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
