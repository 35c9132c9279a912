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

/** One counter that guards a check: its key and how many failures lock it. */
export type Guard = { key: string; limit: number };
export const accountGuard = (userId: number): Guard => ({ key: accountKey(userId), limit: LOCKOUT.accountLimit });
export const networkGuard = (ip: string): Guard => ({ key: networkKey(ip), limit: LOCKOUT.networkLimit });

/** Which of the given keys are locked right now. */
export async function lockedKeys(db: Db, keys: string[], now: Date): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: authFailures.key })
    .from(authFailures)
    .where(and(inArray(authFailures.key, keys), gt(authFailures.lockedUntil, now)));
  return new Set(rows.map((row) => row.key));
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Array<Record<string, unknown>>;
}

/**
 * Claims one attempt on a counter BEFORE the check it guards runs: a single conditional upsert
 * (the row lock serialises parallel requests) that counts the attempt only while the key is not
 * locked, and locks it when the count reaches the limit. So a burst of parallel guesses checks at
 * most `limit` of them; the rest are refused without being checked. False when the key is locked.
 */
async function claimOne(db: Db, guard: Guard, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const lockUntil = new Date(now.getTime() + LOCKOUT.lockMs).toISOString();
  // A window that ran out, or a lock that expired, starts counting afresh.
  const fresh = sql`(auth_failures.window_started_at <= ${windowStart}::timestamptz or auth_failures.locked_until <= ${nowIso}::timestamptz)`;
  const next = sql`(case when ${fresh} then 1 else auth_failures.failures + 1 end)`;
  const result = await db.execute(sql`
    insert into auth_failures (key, failures, window_started_at, locked_until)
    values (${guard.key}, 1, ${nowIso}::timestamptz, ${guard.limit <= 1 ? lockUntil : null}::timestamptz)
    on conflict (key) do update set
      failures = ${next},
      window_started_at = case when ${fresh} then ${nowIso}::timestamptz else auth_failures.window_started_at end,
      locked_until = case when ${next} >= ${guard.limit} then ${lockUntil}::timestamptz else null end
    where auth_failures.locked_until is null or auth_failures.locked_until <= ${nowIso}::timestamptz
    returning failures`);
  return rowsOf(result).length === 1;
}

/** Gives back an attempt whose check passed: it was not a failure (and lifts a lock it alone caused). */
async function releaseOne(db: Db, guard: Guard): Promise<void> {
  await db.execute(sql`
    update auth_failures set
      failures = greatest(failures - 1, 0),
      locked_until = case when failures - 1 < ${guard.limit} then null else locked_until end
    where key = ${guard.key}`);
}

export type Claim = { ok: true; release: () => Promise<void> } | { ok: false; lockedKey: string };

/**
 * Claims one attempt on each guard, in order. When one is locked the earlier claims are given
 * back and the locked key is named. Keep the claim when the check fails (it IS the failure);
 * release it when the check passes.
 */
export async function claimAttempts(db: Db, guards: readonly Guard[], now: Date): Promise<Claim> {
  const claimed: Guard[] = [];
  for (const guard of guards) {
    if (!(await claimOne(db, guard, now))) {
      for (const earlier of claimed) await releaseOne(db, earlier);
      return { ok: false, lockedKey: guard.key };
    }
    claimed.push(guard);
  }
  return {
    ok: true,
    release: async () => {
      for (const guard of claimed) await releaseOne(db, guard);
    },
  };
}

export async function clearAccountFailures(db: Db, userId: number): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, accountKey(userId)));
}
