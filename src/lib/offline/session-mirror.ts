import { db, type SadakaDb } from '../db';
import { readMeta, writeMeta } from './meta';
import type { SendAuth } from './types';

const SESSION_KEY = 'session';

/**
 * The service worker cannot read localStorage, where the page keeps the session; so the page
 * mirrors the CURRENT session (token, user, language) into IndexedDB for it. This is not part of
 * any outbox entry: the worker reads it at send time, a new sign-in replaces it, and sign-out
 * deletes it with the other session data (clearCachedData). Same origin, same exposure as localStorage.
 */
export async function mirrorSession(auth: SendAuth | null, database: SadakaDb = db): Promise<void> {
  const current = await readMirroredSession(database);
  if (auth === null) {
    if (current) await database.meta.delete(SESSION_KEY);
    return;
  }
  if (current?.token === auth.token && current.userId === auth.userId && current.locale === auth.locale) return;
  await writeMeta(SESSION_KEY, auth, database);
}

export async function readMirroredSession(database: SadakaDb = db): Promise<SendAuth | null> {
  return (await readMeta<SendAuth>(SESSION_KEY, database)) ?? null;
}
