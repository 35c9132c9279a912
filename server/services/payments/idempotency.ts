import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/auth';

/**
 * Idempotency-Key, the Stripe way:
 * - the key is CLAIMED (a row with no response yet) in the same database transaction as the
 *   business write, so either both exist or neither does;
 * - the response is stored once the request finishes; the same key and the same body get it back;
 * - the same key with a different body is refused (422), and while the first request is still
 *   running (claimed, no response) the same key is refused with 409;
 * - a claim left without a response by a crash is taken over after IN_FLIGHT_MS (the payment row
 *   written with it says what the answer is).
 * Keys are never deleted (kept well beyond the 24 h minimum); the payment row keeps its key forever.
 */
export const PAYMENTS_SCOPE = 'payments';
export const IN_FLIGHT_MS = 60_000;

/** JSON with object keys sorted at every depth, undefined dropped: equal content hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** SHA-256 of the validated body plus who sent it (a key reused by someone else is a different request). */
export function paymentRequestHash(body: unknown, actorUserId: number | null): string {
  return createHash('sha256').update(canonicalJson({ body, actor: actorUserId })).digest('hex');
}

export type StoredKey = { requestHash: string; statusCode: number | null; response: string | null; createdAt: Date };

export type KeyDecision<T> =
  | { kind: 'replay'; statusCode: number; body: T }
  | { kind: 'mismatch' }
  | { kind: 'in_flight' }
  | { kind: 'abandoned' };

export async function findKey(db: Db, key: string): Promise<StoredKey | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response, createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, PAYMENTS_SCOPE), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/** Claims the key inside the caller's transaction; null when it was already claimed (then `findKey` tells by whom). */
export async function claimKey(tx: Db, key: string, requestHash: string, now: Date): Promise<boolean> {
  const rows = await tx.insert(idempotencyKeys).values({ scope: PAYMENTS_SCOPE, key, requestHash, createdAt: now }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export function decide<T>(stored: StoredKey, requestHash: string, now: Date): KeyDecision<T> {
  if (stored.requestHash !== requestHash) return { kind: 'mismatch' };
  if (stored.statusCode !== null && stored.response !== null) return { kind: 'replay', statusCode: stored.statusCode, body: JSON.parse(stored.response) as T };
  return now.getTime() - stored.createdAt.getTime() > IN_FLIGHT_MS ? { kind: 'abandoned' } : { kind: 'in_flight' };
}

export async function storeResponse(db: Db, key: string, statusCode: number, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response: JSON.stringify(body) })
    .where(and(eq(idempotencyKeys.scope, PAYMENTS_SCOPE), eq(idempotencyKeys.key, key)));
}
