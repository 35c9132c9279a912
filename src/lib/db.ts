import Dexie, { type EntityTable, type Transaction } from 'dexie';
import type { Profile } from '../../domain/api/auth';
import type { MenuItem, ReligionItem } from '../../domain/api/shell';

export type CachedProfile = { key: 'me'; profile: Profile; savedAt: number };
/** One menu per profile and language, because the server writes the labels in the Lang header's language. */
export type CachedMenu = { key: string; items: MenuItem[]; savedAt: number };
export type CachedReligion = ReligionItem;

type SchemaStep = {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
};

/**
 * The schema history. Append a step for every change and never edit a published one: a device that
 * skipped releases replays the steps in order, and a new service worker must still read old data.
 * Later steps add members, offeringTypes, currencies and the outbox.
 */
export const SCHEMA_STEPS: readonly SchemaStep[] = [{ version: 1, stores: { profile: 'key', menu: 'key', religions: 'value' } }];

export class SadakaDb extends Dexie {
  declare profile: EntityTable<CachedProfile, 'key'>;
  declare menu: EntityTable<CachedMenu, 'key'>;
  declare religions: EntityTable<CachedReligion, 'value'>;

  constructor(name = 'sadaka') {
    super(name);
    for (const step of SCHEMA_STEPS) {
      const version = this.version(step.version).stores(step.stores);
      if (step.upgrade) version.upgrade(step.upgrade);
    }
  }
}

export const db = new SadakaDb();

export function menuCacheKey(profileId: number, locale: string): string {
  return `${profileId}:${locale}`;
}

/** Empties every table; used on sign-out so the next person on a shared device sees nothing. */
export async function clearCachedData(database: SadakaDb = db): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    await Promise.all(database.tables.map((table) => table.clear()));
  });
}
