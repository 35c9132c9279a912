import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The channel the database's triggers notify when rows that in-process caches copy change
 * (migration 0029, ADR 063). The payload says what changed: 'all', 'religions', 's:<session id>',
 * 'u:<user id>'.
 */
export const CACHE_CHANNEL = 'sadaka_cache';

export type ChangeListener = {
  /** A committed change; called before the committing query resolves when it ran in this process. */
  change: (payload: string) => void;
  /** Notifications may have been missed (the listening connection was lost): forget everything. */
  reset: () => void;
};

/**
 * Committed changes to cached tables, as PostgreSQL's LISTEN/NOTIFY delivers them. `live` is false
 * while the listening connection is away: a cache must then neither serve nor store anything,
 * because a change it would need to hear about may be committing right now.
 */
export type ChangeFeed = {
  readonly live: boolean;
  subscribe: (listener: ChangeListener) => () => void;
  close: () => Promise<void>;
};

class Listeners {
  readonly #set = new Set<ChangeListener>();
  add(listener: ChangeListener): () => void {
    this.#set.add(listener);
    return () => this.#set.delete(listener);
  }
  change(payload: string): void {
    for (const listener of this.#set) listener.change(payload);
  }
  reset(): void {
    for (const listener of this.#set) listener.reset();
  }
}

/**
 * PGlite is one process with one session: a notification is handed to the listener before the
 * query that committed it resolves, so the feed is always live.
 */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const listeners = new Listeners();
  const unlisten = await client.listen(CACHE_CHANNEL, (payload) => listeners.change(payload));
  return {
    live: true,
    subscribe: (listener) => listeners.add(listener),
    close: async () => {
      if (!client.closed) await unlisten();
    },
  };
}

/** The listening connection's application_name, so an operator (or a test) can find it in pg_stat_activity. */
export const LISTENER_NAME = 'sadaka-cache-listener';
const HEARTBEAT_MS = 5_000;
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * PostgreSQL: one dedicated connection LISTENs for the other replicas' changes. It can drop at any
 * moment (restart, failover, pg_terminate_backend); then the feed turns not-live and resets every
 * cache, reconnects with a growing pause, and turns live again only once LISTEN has answered (a
 * change committed after that answer is delivered). A connection that hangs without an error is
 * caught by a heartbeat query that must answer within HEARTBEAT_MS.
 *
 * `listenOnPoolConnection` (the pool's `onConnect` hook) makes every pooled connection LISTEN too:
 * PostgreSQL delivers a session's own notifications before the reply to its COMMIT, so a change
 * this process makes is seen by its caches before the write's await returns (no window on the
 * replica that made the change).
 */
export function postgresChangeFeed(
  url: string,
  log: (message: string) => void,
): ChangeFeed & { listenOnPoolConnection: (pooled: pg.ClientBase) => Promise<void>; started: Promise<void> } {
  const listeners = new Listeners();
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const lost = (why: string) => {
    if (closed) return;
    const wasLive = live;
    live = false;
    listeners.reset();
    const dead = client;
    client = null;
    dead?.removeAllListeners('notification');
    dead?.end().catch(() => undefined);
    if (wasLive) log(`cache invalidation feed lost (${why}); caches off until it is back`);
    if (!retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void connect();
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
    next.on('error', (error) => {
      if (client === next) lost(error.message);
    });
    next.on('end', () => {
      if (client === next) lost('connection ended');
    });
    next.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL) listeners.change(message.payload ?? 'all');
    });
    try {
      await next.connect();
      client = next;
      await next.query(`LISTEN ${CACHE_CHANNEL}`);
      if (closed) return void next.end().catch(() => undefined);
      // Whatever was cached before this point may have missed a change.
      listeners.reset();
      live = true;
      retryMs = RETRY_MIN_MS;
    } catch (error) {
      if (client === next || client === null) {
        client = next;
        lost((error as Error).message);
      }
    }
  };

  const heartbeat = setInterval(() => {
    const current = client;
    if (!current || !live) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat unanswered')), HEARTBEAT_MS);
    });
    Promise.race([current.query('select 1'), timeout])
      .catch((error: Error) => {
        if (client === current) lost(error.message);
      })
      .finally(() => clearTimeout(timer));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const started = connect();

  return {
    started,
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    async listenOnPoolConnection(pooled) {
      pooled.on('notification', (message) => {
        if (message.channel === CACHE_CHANNEL) listeners.change(message.payload ?? 'all');
      });
      // Awaited by the pool before it hands the connection out (pg-pool's onConnect), so no query
      // is ever queued behind it (pg 9 drops queued queries). If it fails the pool discards the
      // connection and the query that asked for it fails as a lost database does (503).
      await pooled.query(`LISTEN ${CACHE_CHANNEL}`);
    },
    async close() {
      closed = true;
      live = false;
      clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
