import { and, eq, gt, inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authFailures } from '../../db/schema/auth';

/**
 * Failed sign-in counters live in the database (every replica agrees; locks survive restarts).
 * An account locks after 5 failures in 15 minutes; an address after 20. The address limit is what
 * stops one stranger locking a whole church out: from one address they can lock at most 4 accounts.
 */
export const LOCKOUT = {
  accountLimit: 5,
  networkLimit: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

export const accountKey = (userId: number) => `account:${userId}`;
export const networkKey = (ip: string) => `ip:${ip}`;

/** Which of the given keys are locked right now. */
export async function lockedKeys(db: Db, keys: string[], now: Date): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: authFailures.key })
    .from(authFailures)
    .where(and(inArray(authFailures.key, keys), gt(authFailures.lockedUntil, now)));
  return new Set(rows.map((row) => row.key));
}

/** Counts one failure atomically (one upsert, safe under concurrent attempts) and locks when the limit is reached. */
export async function recordFailure(db: Db, key: string, limit: number, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const lockUntil = new Date(now.getTime() + LOCKOUT.lockMs).toISOString();
  const fresh = sql`auth_failures.window_started_at <= ${windowStart}::timestamptz`;
  const next = sql`(case when ${fresh} then 1 else auth_failures.failures + 1 end)`;
  await db.execute(sql`
    insert into auth_failures (key, failures, window_started_at, locked_until)
    values (${key}, 1, ${nowIso}::timestamptz, ${limit <= 1 ? lockUntil : null}::timestamptz)
    on conflict (key) do update set
      failures = ${next},
      window_started_at = case when ${fresh} then ${nowIso}::timestamptz else auth_failures.window_started_at end,
      locked_until = case when ${next} >= ${limit} then ${lockUntil}::timestamptz else auth_failures.locked_until end`);
}

export async function recordLoginFailure(db: Db, input: { userId: number | null; ip: string; now: Date }): Promise<void> {
  await recordFailure(db, networkKey(input.ip), LOCKOUT.networkLimit, input.now);
  if (input.userId !== null) await recordFailure(db, accountKey(input.userId), LOCKOUT.accountLimit, input.now);
}

export async function clearAccountFailures(db: Db, userId: number): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, accountKey(userId)));
}
