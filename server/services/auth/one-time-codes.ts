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

/**
 * Whose code it is: a user's, or, for someone who is not a user (a member on the public giving page,
 * ADR 056), the phone it was sent to. A phone's code has no user and the phone as its subject.
 */
export type CodeOwner = { userId: number } | { phone: string };

const ownerKey = (owner: CodeOwner) => ('userId' in owner ? String(owner.userId) : `phone:${owner.phone}`);
const ownerIs = (owner: CodeOwner) =>
  'userId' in owner ? eq(oneTimeCodes.userId, owner.userId) : and(isNull(oneTimeCodes.userId), eq(oneTimeCodes.subject, owner.phone));

// Bound to owner and purpose in the hash, so a code issued for one action cannot be replayed for another.
const codeHash = (owner: CodeOwner, purpose: string, code: string) => sha256(`${ownerKey(owner)}:${purpose}:${code}`);

type IssueInput = CodeOwner & { purpose: string; code: string; ttlMs: number; now: Date; subject?: string; hashed?: 'bound' | 'plain' };

/** Issues a code (or link id) for one owner and purpose; earlier unused ones for the same purpose stop working. */
export async function issueCode(db: Db, input: IssueInput): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: input.now })
    .where(and(ownerIs(input), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.usedAt)));
  await db.insert(oneTimeCodes).values({
    userId: 'userId' in input ? input.userId : null,
    purpose: input.purpose,
    subject: 'userId' in input ? (input.subject ?? '') : input.phone,
    codeHash: input.hashed === 'plain' ? sha256(input.code) : codeHash(input, input.purpose, input.code),
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    createdAt: input.now,
  });
}

export type CodeCheck = 'ok' | 'invalid' | 'locked';

/** Checks a short code: single use, unexpired, and dead after 5 wrong tries. */
type ConsumeInput = CodeOwner & { purpose: string; code: string; now: Date };

export async function consumeCode(db: Db, input: ConsumeInput): Promise<CodeCheck> {
  return (await consumeCodeWithSubject(db, input)).result;
}

/**
 * As consumeCode, and says what the spent code was bound to (its `subject`, e.g. the new phone of a
 * phone change): read from the very row that was spent, never from a second look that a newer code
 * could have replaced in between.
 */
export async function consumeCodeWithSubject(db: Db, input: ConsumeInput): Promise<{ result: CodeCheck; subject: string | null }> {
  const result = await checkAndSpend(db, input);
  return typeof result === 'string' ? { result, subject: null } : { result: 'ok', subject: result.subject };
}

async function checkAndSpend(db: Db, input: ConsumeInput): Promise<Exclude<CodeCheck, 'ok'> | { subject: string }> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(ownerIs(input), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, input.now)))
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
  if (!sameHash(row.codeHash, codeHash(input, input.purpose, input.code))) {
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

/** Links are always a user's (a phone's codes are short codes, never links). */
export type LinkRow = typeof oneTimeCodes.$inferSelect & { userId: number };

/** Finds a live reset link by its random id (stored hashed; 256 bits need no per-user binding). */
export async function findLink(db: Db, purpose: string, id: string, now: Date): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, sha256(id)), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)))
    .limit(1);
  return row && row.userId !== null && row.attempts < MAX_CODE_ATTEMPTS ? { ...row, userId: row.userId } : null;
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
