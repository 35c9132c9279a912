import type { CachedMember, Currency, OfferingType } from '../../../domain/api/receipts';
import type { Zone } from '../../../domain/api/zones';
import { apiPaths } from '../../../domain/api-paths';
import { MEMBER_LANGUAGES } from '../../../domain/receipt-rules';
import { ApiError, api, NetworkError } from '../api-client';
import { db, type SadakaDb } from '../db';
import { fromCachedMember, serverMemberKey } from './member-rows';
import { readMeta, writeMeta } from './meta';
import { refreshBatches } from './refresh-batches';
import { loadPhoneRules } from './phone-rules';
import { flag, integer, list, nullable, oneOf, optional, record, replyParser, text, type Reader } from '../reply-checks';

// The replies as the contract has them (MemberCachePage, OfferingTypeList, CurrencyList in
// domain/api/receipts.ts), checked without zod; only these fields reach the device.
const CachedMemberReply: Reader<CachedMember> = record({
  id: integer,
  institutionId: integer,
  code: text,
  firstName: text,
  lastName: text,
  phone: text,
  preferredLanguage: oneOf(MEMBER_LANGUAGES),
  zoneId: nullable(integer),
  deleted: flag,
});
/** `cursor` (where the next refresh resumes) is sent by the server beside the contract's `next`. */
const MemberCachePageWithCursor = replyParser(record({ data: list(CachedMemberReply), next: nullable(text), cursor: optional(text) }));
const OfferingTypeReply: Reader<OfferingType> = record({ id: integer, institutionId: integer, title: text, churchBp: integer, fieldBp: integer, unionBp: integer });
const OfferingTypeList = replyParser(record({ data: list(OfferingTypeReply) }));
const CurrencyReply: Reader<Currency> = record({ code: text, numericCode: text, territory: text, value: text });
const CurrencyList = replyParser(record({ data: list(CurrencyReply) }));
const ZoneReply: Reader<Zone> = record({ id: integer, institutionId: integer, name: text, parentId: nullable(integer), community: nullable(text), memberCount: integer });
const ZoneList = replyParser(record({ data: list(ZoneReply) }));
const PAGE_SIZE = 2000;
/** A runaway feed must not loop forever: 100 pages of 2,000 is far above any congregation. */
const MAX_PAGES = 100;

const cursorKey = (institutionId: number) => `memberCursor:${institutionId}`;
const running = new Map<number, Promise<void>>();

/**
 * Brings the device's copy of what the desk needs up to date: members (only what changed since the
 * last look), offering types, currencies, zones and the congregation's batches. Safe to call often (calls for one institution share
 * one run). Offline, or on any failure, it does nothing and the old copy stays in use.
 */
export function refreshOfflineCache(institutionId: number, database: SadakaDb = db): Promise<void> {
  const current = running.get(institutionId);
  if (current) return current;
  const run = refresh(institutionId, database).finally(() => running.delete(institutionId));
  running.set(institutionId, run);
  return run;
}

async function refresh(institutionId: number, database: SadakaDb): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  try {
    await Promise.all([
      refreshMembers(institutionId, database),
      refreshOfferingTypes(institutionId, database),
      refreshCurrencies(database),
      refreshZones(institutionId, database),
      refreshBatches(institutionId, database),
    ]);
  } catch (error) {
    // The cached copy is still good for recording; a NetworkError or a server error only means "not now".
    if (!(error instanceof NetworkError)) console.warn('offline cache refresh failed', error);
  }
}

async function refreshMembers(institutionId: number, database: SadakaDb): Promise<void> {
  let since = await readMeta<string>(cursorKey(institutionId), database);
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ institutionId: String(institutionId), limit: String(PAGE_SIZE) });
    if (since) query.set('since', since);
    const result = await api.get(`${apiPaths.memberCache}?${query}`, MemberCachePageWithCursor);
    await storeMemberPage(result.data, database);
    const resume = result.next ?? result.cursor ?? since;
    if (resume) await writeMeta(cursorKey(institutionId), resume, database);
    if (!result.next) return;
    since = result.next;
  }
}

/**
 * Members per write. A page of the feed (2,000, and after an import every new member comes through
 * it) is written a few hundred at a time, each piece in its own transaction, and the page's thread is
 * handed back between pieces: working out every member's search words and cloning them into IndexedDB
 * in one go held the page for 0.3–0.6 s after an import. Each piece reads and writes its members in one
 * transaction, so a member this device registered keeps its client id; the feed's cursor moves only
 * once the whole page is stored, so an interrupted page is simply fetched and written again.
 */
const STORE_CHUNK = 250;

/** Upserts one page; deleted members leave the cache; a member this device registered keeps its client id. */
export async function storeMemberPage(members: readonly CachedMember[], database: SadakaDb = db): Promise<void> {
  if (members.length === 0) return;
  // Search words include the phone's national part: the phone rules load before the transaction.
  const phone = await loadPhoneRules();
  for (let start = 0; start < members.length; start += STORE_CHUNK) {
    if (start > 0) await yieldToPage();
    const chunk = members.slice(start, start + STORE_CHUNK);
    await database.transaction('rw', database.members, async () => {
      const keys = chunk.map((member) => serverMemberKey(member.id));
      const existing = await database.members.bulkGet(keys);
      const gone = chunk.filter((member) => member.deleted).map((member) => serverMemberKey(member.id));
      const kept = chunk.flatMap((member, index) => (member.deleted ? [] : [fromCachedMember(member, existing[index]?.clientId ?? null, phone)]));
      await database.members.bulkDelete(gone);
      await database.members.bulkPut(kept);
    });
  }
}

/**
 * Lets the page draw and answer input before the next piece: `scheduler.yield()` where the browser
 * has it, else a message to ourselves (unlike a timer, not slowed to once a second in a hidden tab).
 */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function refreshOfferingTypes(institutionId: number, database: SadakaDb): Promise<void> {
  const { data } = await api.get(`${apiPaths.offeringTypes}?institutionId=${institutionId}`, OfferingTypeList);
  await database.transaction('rw', database.offeringTypes, async () => {
    await database.offeringTypes.where('institutionId').equals(institutionId).delete();
    await database.offeringTypes.bulkPut(data);
  });
}

async function refreshCurrencies(database: SadakaDb): Promise<void> {
  const { data } = await api.get(apiPaths.currencies, CurrencyList);
  await database.transaction('rw', database.currencies, async () => {
    await database.currencies.clear();
    await database.currencies.bulkPut(data);
  });
}

/** The congregation's zones, for the member form. A role that may not read zones simply gets none offered. */
async function refreshZones(institutionId: number, database: SadakaDb): Promise<void> {
  let data: Zone[];
  try {
    ({ data } = await api.get(`${apiPaths.zones}?institutionId=${institutionId}`, ZoneList));
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) data = [];
    else throw error;
  }
  await database.transaction('rw', database.zones, async () => {
    await database.zones.where('institutionId').equals(institutionId).delete();
    await database.zones.bulkPut(data);
  });
}
