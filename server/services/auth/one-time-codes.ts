import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/auth';
import { sameHash, sha256 } from './tokens';

export const MAX_CODE_ATTEMPTS = 5;

/** 6 digits from a secure source. */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

// Bound to user and purpose in the hash, so a code issued for one action cannot be replayed for another.
const codeHash = (userId: number, purpose: string, code: string) => sha256(`${userId}:${purpose}:${code}`);

/** Issues a code (or link id) for one user and purpose; earlier unused ones for the same purpose stop working. */
export async function issueCode(
  db: Db,
  input: { userId: number; purpose: string; code: string; ttlMs: number; now: Date; subject?: string; hashed?: 'bound' | 'plain' },
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: input.now })
    .where(and(eq(oneTimeCodes.userId, input.userId), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.usedAt)));
  await db.insert(oneTimeCodes).values({
    userId: input.userId,
    purpose: input.purpose,
    subject: input.subject ?? '',
    codeHash: input.hashed === 'plain' ? sha256(input.code) : codeHash(input.userId, input.purpose, input.code),
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    createdAt: input.now,
  });
}

export type CodeCheck = 'ok' | 'invalid' | 'locked';

/** Checks a short code: single use, unexpired, and dead after 5 wrong tries. */
export async function consumeCode(db: Db, input: { userId: number; purpose: string; code: string; now: Date }): Promise<CodeCheck> {
  return (await consumeCodeWithSubject(db, input)).result;
}

/**
 * As consumeCode, and says what the spent code was bound to (its `subject`, e.g. the new phone of a
 * phone change): read from the very row that was spent, never from a second look that a newer code
 * could have replaced in between.
 */
export async function consumeCodeWithSubject(db: Db, input: { userId: number; purpose: string; code: string; now: Date }): Promise<{ result: CodeCheck; subject: string | null }> {
  const result = await checkAndSpend(db, input);
  return typeof result === 'string' ? { result, subject: null } : { result: 'ok', subject: result.subject };
}

async function checkAndSpend(db: Db, input: { userId: number; purpose: string; code: string; now: Date }): Promise<Exclude<CodeCheck, 'ok'> | { subject: string }> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, input.userId), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, input.now)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!row) return 'invalid';
  // The attempt is claimed before the comparison (a conditional update), so parallel guesses can
  // never compare more than MAX_CODE_ATTEMPTS times.
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, row.id), lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: oneTimeCodes.attempts });
  if (!claimed) return 'locked';
  if (!sameHash(row.codeHash, codeHash(input.userId, input.purpose, input.code))) {
    return claimed.attempts >= MAX_CODE_ATTEMPTS ? 'locked' : 'invalid';
  }
  // The update is conditional on still being unused, so two racing requests cannot both spend it.
  const spent = await db
    .update(oneTimeCodes)
    .set({ usedAt: input.now })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length === 1 ? { subject: row.subject } : 'invalid';
}

export type LinkRow = typeof oneTimeCodes.$inferSelect;

/** Finds a live reset link by its random id (stored hashed; 256 bits need no per-user binding). */
export async function findLink(db: Db, purpose: string, id: string, now: Date): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, sha256(id)), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)))
    .limit(1);
  return row && row.attempts < MAX_CODE_ATTEMPTS ? row : null;
}

export async function spendLink(db: Db, linkId: number, now: Date): Promise<boolean> {
  const spent = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, linkId), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length === 1;
}

export async function countLinkFailure(db: Db, linkId: number): Promise<void> {
  await db.update(oneTimeCodes).set({ attempts: sql`${oneTimeCodes.attempts} + 1` }).where(eq(oneTimeCodes.id, linkId));
}
