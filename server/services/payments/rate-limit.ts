import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema/payments';

export type RateLimitVerdict = { allowed: boolean; retryAfterSeconds: number };

/**
 * A fixed-window counter in the database (every replica agrees; a restart forgets nothing). One
 * upsert per hit claims it and says whether it is still within the limit, safe under concurrency,
 * and when the window ends (the 429's Retry-After).
 */
export async function claimRateLimit(db: Db, input: { key: string; limit: number; windowMs: number; now: Date }): Promise<RateLimitVerdict> {
  const nowIso = input.now.toISOString();
  const windowStart = new Date(input.now.getTime() - input.windowMs).toISOString();
  const fresh = sql`rate_limits.window_started_at <= ${windowStart}::timestamptz`;
  const result = await db.execute(sql`
    insert into rate_limits (key, hits, window_started_at) values (${input.key}, 1, ${nowIso}::timestamptz)
    on conflict (key) do update set
      hits = case when ${fresh} then 1 else rate_limits.hits + 1 end,
      window_started_at = case when ${fresh} then ${nowIso}::timestamptz else rate_limits.window_started_at end
    returning hits, window_started_at`);
  const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows ?? []) as Array<{ hits: number | string; window_started_at: string | Date }>;
  const row = rows[0];
  const started = row ? new Date(row.window_started_at).getTime() : input.now.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + input.windowMs - input.now.getTime()) / 1000));
  return { allowed: Number(row?.hits ?? 0) <= input.limit, retryAfterSeconds };
}

/** Longer than any fixed window in code (the configurable registration window is added by the caller). */
export const LONGEST_RATE_WINDOW_MS = 24 * 60 * 60_000;

/** Counters whose window opened more than `olderThanMs` ago: no claim reads their count again. */
export async function pruneRateLimits(db: Db, now: Date, olderThanMs: number): Promise<number> {
  const before = new Date(now.getTime() - olderThanMs);
  const removed = await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before)).returning({ key: rateLimits.key });
  return removed.length;
}
