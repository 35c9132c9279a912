import { db, type SadakaDb } from '../db';
import { currentUserIdOrNull } from './current-user';

/** How many of the signed-in person's records are still on this device, read now (not a live view). */
export async function countMyUnsent(database: SadakaDb = db): Promise<number> {
  const userId = currentUserIdOrNull();
  if (userId === null) return 0;
  return database.outbox.where('userId').equals(userId).count();
}
