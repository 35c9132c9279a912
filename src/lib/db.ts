import Dexie, { type EntityTable, type Transaction } from 'dexie';
import type { Profile } from '../../domain/api/auth';
import type { MenuItem, ReligionItem } from '../../domain/api/shell';
import type { Currency, OfferingType } from '../../domain/api/receipts';
import type { Zone } from '../../domain/api/zones';
import type { LocalBatch, LocalReceipt, OutboxEntry, StoredMember } from './offline/types';

export type CachedProfile = { key: 'me'; profile: Profile; savedAt: number };
/** One menu per profile and language, because the server writes the labels in the Lang header's language. */
export type CachedMenu = { key: string; items: MenuItem[]; savedAt: number };
export type CachedReligion = ReligionItem;

type SchemaStep = {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
};

/** Dexie's index list: primary key first, then the indexed fields. */
function indexes(...fields: string[]): string {
  return fields.join(',');
}

/**
 * The schema history. Append a step for every change and never edit a published one: a device that
 * skipped releases replays the steps in order, and a new service worker must still read old data.
 * Step 2 adds the offline desk: the member cache, reference data, batches, receipts and the outbox.
 */
export const SCHEMA_STEPS: readonly SchemaStep[] = [
  { version: 1, stores: { profile: 'key', menu: 'key', religions: 'value' } },
  // The offline desk (issue 3). Members are found through `*tokens` (`<institutionId>:<word>`), so
  // a keystroke is one index range, never a scan. The outbox keeps write order in `++seq`; `&id`
  // is the record's client id, the server's idempotency key.
  {
    version: 2,
    stores: {
      meta: 'key',
      members: indexes('key', 'institutionId', '*tokens', 'serverId', 'clientId'),
      offeringTypes: indexes('id', 'institutionId'),
      currencies: 'code',
      batches: indexes('id', 'institutionId', 'syncState'),
      receipts: indexes('id', 'institutionId', 'batchId', 'syncState'),
      outbox: indexes('++seq', '&id', 'kind', 'state', 'userId'),
    },
  },
  // Zones of the congregation (issue 12), so the member form offers them offline.
  { version: 3, stores: { zones: indexes('id', 'institutionId') } },
];

/** Small named values: the device identity and counter, the flusher's state, cache cursors. */
export type MetaRow = { key: string; value: unknown };

export class SadakaDb extends Dexie {
  declare profile: EntityTable<CachedProfile, 'key'>;
  declare menu: EntityTable<CachedMenu, 'key'>;
  declare religions: EntityTable<CachedReligion, 'value'>;
  declare meta: EntityTable<MetaRow, 'key'>;
  declare members: EntityTable<StoredMember, 'key'>;
  declare offeringTypes: EntityTable<OfferingType, 'id'>;
  declare zones: EntityTable<Zone, 'id'>;
  declare currencies: EntityTable<Currency, 'code'>;
  declare batches: EntityTable<LocalBatch, 'id'>;
  declare receipts: EntityTable<LocalReceipt, 'id'>;
  declare outbox: EntityTable<OutboxEntry, 'seq'>;

  constructor(name = 'sadaka') {
    // No query cache: the receipt save writes past Dexie (offline/native-write.ts), and a cached
    // result must never outlive a write Dexie did not see. The cache only saves repeat reads.
    super(name, { cache: 'disabled' });
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

/** Meta keys that belong to the signed-in person and go at sign-out (the device identity stays). */
const SESSION_META_PREFIXES = ['session', 'memberCursor:'];

/**
 * Used on sign-out so the next person on a shared device sees nothing of the last one: profile,
 * menu, cached members, offering types and synced rows go. Unsent work does NOT go: the outbox and
 * the local rows it belongs to stay until their recorder signs in again and they reach the server
 * (offline.md: nothing disappears silently). The device prefix and receipt counter stay too, so a
 * receipt number is never issued twice.
 */
export async function clearCachedData(database: SadakaDb = db): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    await Promise.all([database.profile.clear(), database.menu.clear(), database.religions.clear()]);
    await Promise.all([database.offeringTypes.clear(), database.currencies.clear(), database.zones.clear()]);
    // `s:` rows are the server's members; `c:` rows are offline registrations still unsent.
    await database.members.where('key').startsWith('s:').delete();
    await database.receipts.where('syncState').equals('synced').delete();
    const kept = new Set<string>();
    await database.receipts.each((receipt) => {
      if (receipt.batchId) kept.add(receipt.batchId);
    });
    await database.outbox.where('kind').equals('batch').each((entry) => kept.add(entry.id));
    await database.batches.filter((batch) => !kept.has(batch.id)).delete();
    await database.meta.filter((row) => SESSION_META_PREFIXES.some((prefix) => row.key.startsWith(prefix))).delete();
  });
}
