import { db, type SadakaDb } from '../db';

/** Typed reads and writes of the meta table; inside a transaction they join it. */
export async function readMeta<T>(key: string, database: SadakaDb = db): Promise<T | undefined> {
  return (await database.meta.get(key))?.value as T | undefined;
}

export async function writeMeta<T>(key: string, value: T, database: SadakaDb = db): Promise<void> {
  await database.meta.put({ key, value });
}
