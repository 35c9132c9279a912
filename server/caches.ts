import type { Database } from './db/client';
import type { religions } from './db/schema/reference';
import { InvalidatedCache } from './lib/invalidated-cache';
import type { SessionRow } from './services/auth/sessions';

export type ReligionRow = typeof religions.$inferSelect;

/**
 * What every authenticated request would otherwise read from the database: the session with its
 * user, institution and grants (by token hash), and the religions. Kept per process, emptied by the
 * triggers' notifications (migration 0029, ADR 063), so every replica drops a revoked session, a
 * disabled user or a changed grant as the change commits.
 */
export type Caches = {
  sessions: InvalidatedCache<string, SessionRow>;
  religions: InvalidatedCache<'all', ReligionRow[]>;
};

/** A bound on how long an entry is trusted should a notification go missing unnoticed (ADR 063). */
const MAX_AGE_MS = 30_000;

export function createCaches(database: Database): Caches {
  const feed = database.changes;
  const caches: Caches = {
    sessions: new InvalidatedCache(feed, { maxEntries: 20_000, maxAgeMs: MAX_AGE_MS }),
    religions: new InvalidatedCache(feed, { maxEntries: 1, maxAgeMs: MAX_AGE_MS }),
  };
  const everything = () => {
    caches.sessions.invalidate();
    caches.religions.invalidate();
  };
  feed.subscribe({
    reset: everything,
    change(payload) {
      const [kind, id] = payload.split(':', 2);
      if (kind === 'religions') caches.religions.invalidate();
      else if (kind === 's' && id) caches.sessions.invalidate((_, row) => row.sessionId === id);
      else if (kind === 'u' && id) caches.sessions.invalidate((_, row) => String(row.user.id) === id);
      // 'all' and anything this version does not know.
      else everything();
    },
  });
  return caches;
}
