import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { RateLimitedError } from '../../lib/app-error';
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

/** Counter keys hold a hash, not the number: the counters table need not list people's phones. */
export function phoneCounterKey(prefix: string, phone: string): string {
  return `${prefix}:phone:${createHash('sha256').update(`sadaka:rate:${phone}`).digest('base64url').slice(0, 22)}`;
}

/**
 * One phone is not sent more mobile-money pushes than `limit` in 15 minutes, whoever asks and for
 * what (a gift or an SMS purchase share the counter): nobody can flood a stranger's phone. 429 past it.
 */
export async function claimPushToPhone(db: Db, phone: string, limit: number, now: Date): Promise<void> {
  const verdict = await claimRateLimit(db, { key: phoneCounterKey('pay', phone), limit, windowMs: 15 * 60_000, now });
  if (!verdict.allowed) throw new RateLimitedError(verdict.retryAfterSeconds);
}

/** Longer than any fixed window in code (the configurable registration window is added by the caller). */
export const LONGEST_RATE_WINDOW_MS = 24 * 60 * 60_000;

/** Counters whose window opened more than `olderThanMs` ago: no claim reads their count again. */
export async function pruneRateLimits(db: Db, now: Date, olderThanMs: number): Promise<number> {
  const before = new Date(now.getTime() - olderThanMs);
  const removed = await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before)).returning({ key: rateLimits.key });
  return removed.length;
}
