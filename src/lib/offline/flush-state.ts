import { db, type SadakaDb } from '../db';
import { readMeta, writeMeta } from './meta';
import type { FlushState } from './types';

export const FLUSH_STATE_KEY = 'flush';

export const INITIAL_FLUSH_STATE: FlushState = {
  block: null,
  lastFlushAt: null,
  backoffUntil: 0,
  backoffCause: null,
  failures: 0,
  lastError: null,
  signedOutFingerprint: null,
};

export async function readFlushState(database: SadakaDb = db): Promise<FlushState> {
  return { ...INITIAL_FLUSH_STATE, ...(await readMeta<Partial<FlushState>>(FLUSH_STATE_KEY, database)) };
}

export async function writeFlushState(patch: Partial<FlushState>, database: SadakaDb = db): Promise<FlushState> {
  return database.transaction('rw', database.meta, async () => {
    const next = { ...(await readFlushState(database)), ...patch };
    await writeMeta(FLUSH_STATE_KEY, next, database);
    return next;
  });
}

/**
 * FNV-1a of the token: enough to tell "the same dead token again" from "a new sign-in" without
 * keeping anything that could be replayed.
 */
export function tokenFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index++) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
