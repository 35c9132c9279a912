import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * A fixed-window counter in the database (every replica agrees; a restart forgets nothing). One
 * upsert per hit counts it and says whether it is still within the limit, safe under concurrency.
 */
export async function withinRateLimit(db: Db, input: { key: string; limit: number; windowMs: number; now: Date }): Promise<boolean> {
  const nowIso = input.now.toISOString();
  const windowStart = new Date(input.now.getTime() - input.windowMs).toISOString();
  const fresh = sql`rate_limits.window_started_at <= ${windowStart}::timestamptz`;
  const result = await db.execute(sql`
    insert into rate_limits (key, hits, window_started_at) values (${input.key}, 1, ${nowIso}::timestamptz)
    on conflict (key) do update set
      hits = case when ${fresh} then 1 else rate_limits.hits + 1 end,
      window_started_at = case when ${fresh} then ${nowIso}::timestamptz else rate_limits.window_started_at end
    returning hits`);
  const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows ?? []) as Array<{ hits: number | string }>;
  return Number(rows[0]?.hits ?? 0) <= input.limit;
}
