import type { BatchInput, MemberInput } from '../../../domain/api/receipts';
import type { SadakaDb } from '../db';
import { clientMemberKey, serverMemberKey } from './member-rows';
import { memberCodeTokens, memberTokens, type NationalNumberOf } from './member-tokens';
import type { Phase, PhaseName } from './flush-phases';
import type { SyncAnswer } from './transport';
import type { LocalMember, OutboxEntry, SyncState } from './types';

/**
 * Marks what a request is about to carry: from here on the server may hold it, so its payload is
 * frozen. Returns the entries still pending at this moment — another flusher may have settled some
 * since they were read — so a settled entry is neither sent again nor marked `sending` for good.
 */
export async function markSending(database: SadakaDb, entries: readonly OutboxEntry[]): Promise<OutboxEntry[]> {
  return database.transaction('rw', [database.outbox, database.receipts, database.batches], async () => {
    const current = await database.outbox.bulkGet(entries.map((entry) => entry.seq!));
    const still = current.filter((row, index): row is OutboxEntry => row !== undefined && row.state === 'pending' && row.id === entries[index]!.id);
    await database.outbox.bulkPut(still.map((row) => ({ ...row, attempts: row.attempts + 1 })));
    await setSyncState(database, still, 'sending');
    return still;
  });
}

/** Bulk, because a flush of 1,000 receipts must not cost 1,000 separate IndexedDB round trips. */
async function setSyncState(database: SadakaDb, entries: readonly OutboxEntry[], syncState: SyncState): Promise<void> {
  const receiptIds = entries.filter((entry) => entry.kind === 'receipt').map((entry) => entry.id);
  const receipts = (await database.receipts.bulkGet(receiptIds)).filter((row) => row !== undefined);
  await database.receipts.bulkPut(receipts.map((row) => ({ ...row, syncState })));
  for (const entry of entries) if (entry.kind === 'batch') await database.batches.update(entry.id, { syncState });
}

/**
 * Applies the server's answers in one transaction. Answers are matched by id (never by position),
 * and only to an entry that is still pending and still says exactly what was sent: if it left the
 * outbox (another flusher got there first) or changed meanwhile, a late or duplicated answer is
 * about something else and is ignored — it can never bring an entry back or count it twice.
 */
/**
 * "Too early" answers (ADR 004): the member or batch a receipt names has not reached the server yet.
 * Nothing is wrong with the receipt and nothing was written: it stays pending and goes again later.
 */
const TOO_EARLY = new Set(['waiting_for_member', 'waiting_for_batch']);

/** Returns the ids answered "too early", which the flusher leaves for its next run. */
export async function applyResults(database: SadakaDb, phase: Phase, sent: readonly OutboxEntry[], results: readonly SyncAnswer[]): Promise<string[]> {
  const sentById = new Map(sent.map((entry) => [entry.id, { seq: entry.seq!, body: JSON.stringify(phase.body(entry)) }]));
  return database.transaction('rw', [database.outbox, database.receipts, database.batches, database.members], async () => {
    const seqs = results.flatMap((result) => sentById.get(result.id)?.seq ?? []);
    const current = new Map((await database.outbox.bulkGet(seqs)).flatMap((row) => (row ? [[row.id, row] as const] : [])));
    const syncedReceipts = new Map<string, string | undefined>();
    const early: string[] = [];
    for (const result of results) {
      const entry = current.get(result.id);
      if (!entry || entry.state !== 'pending' || !sameKind(entry, phase.name)) continue;
      if (sentById.get(entry.id)?.body !== JSON.stringify(phase.body(entry))) continue;
      const ok = result.status === 'created' || result.status === 'duplicate';
      // The common case — a receipt accepted — is collected and written in bulk below.
      if (ok && entry.kind === 'receipt') syncedReceipts.set(entry.id, result.receiptNo);
      else if (ok) await accepted(database, phase.name, entry, result);
      else if (result.status === 'rejected' && result.code !== undefined && TOO_EARLY.has(result.code)) early.push(entry.id);
      else await refused(database, entry, result);
    }
    await receiptsSynced(database, syncedReceipts, current);
    return early;
  });
}

/** Accepted receipts leave the outbox; their local rows become synced, with the server's number. */
async function receiptsSynced(database: SadakaDb, synced: Map<string, string | undefined>, entries: Map<string, OutboxEntry>): Promise<void> {
  if (synced.size === 0) return;
  await database.outbox.bulkDelete([...synced.keys()].map((id) => entries.get(id)!.seq!));
  const rows = (await database.receipts.bulkGet([...synced.keys()])).filter((row) => row !== undefined);
  const syncedAt = Date.now();
  await database.receipts.bulkPut(rows.map((row) => ({ ...row, syncState: 'synced' as const, syncMessage: null, syncedAt, receiptNo: synced.get(row.id) ?? row.receiptNo })));
}

/** Every entry of a request the server refused as a whole (403, 400…): each keeps the reason. */
export async function refuseAll(database: SadakaDb, phase: Phase, entries: readonly OutboxEntry[], message: string): Promise<string[]> {
  return applyResults(
    database,
    phase,
    entries,
    entries.map((entry) => ({ id: entry.id, status: 'rejected' as const, message })),
  );
}

function sameKind(entry: OutboxEntry, phase: PhaseName): boolean {
  if (phase === 'member') return entry.kind === 'member';
  if (phase === 'receipt') return entry.kind === 'receipt';
  // A close answer is about a batch the server has; an open answer about one it had not yet.
  return entry.kind === 'batch' && (phase === 'batch-close') === (entry.batchCreated === true);
}

async function accepted(database: SadakaDb, phase: PhaseName, entry: OutboxEntry, result: SyncAnswer): Promise<void> {
  const seq = entry.seq!;
  if (phase === 'batch-open' && (entry.payload as BatchInput).closedAt != null) {
    // Created open; the close is still to go, after the batch's receipts.
    await database.outbox.update(seq, { batchCreated: true, lastStatus: result.status, lastError: null });
    await database.batches.update(entry.id, { syncState: 'pending' });
    return;
  }
  await database.outbox.delete(seq);
  if (entry.kind === 'batch') await database.batches.update(entry.id, { syncState: 'synced' });
  if (entry.kind === 'member') {
    if (result.memberId !== undefined) await memberSynced(database, entry.payload as MemberInput, result);
    else await database.members.update(clientMemberKey(entry.id), { pending: false });
  }
}

/** Without the registration's own row: its phone is found by its digits until the next cache refresh rebuilds the row. */
const DIGITS_ONLY: NationalNumberOf = { nationalNumberOf: () => undefined };

/**
 * The offline registration becomes the server's member (`s:` key, code), keeping its client id.
 * The same person with the same names and phone: the search words the device made at registration
 * carry over, plus those of the new member code. So the flusher, which the service worker runs too,
 * needs no phone rules (libphonenumber, loaded on demand in pages: phone-rules.ts).
 */
async function memberSynced(database: SadakaDb, input: MemberInput, result: SyncAnswer): Promise<void> {
  const clientKey = clientMemberKey(input.id);
  const registered = await database.members.get(clientKey);
  await database.members.delete(clientKey);
  const code = result.memberCode ?? '';
  const member: LocalMember = {
    key: serverMemberKey(result.memberId!),
    serverId: result.memberId!,
    clientId: input.id,
    institutionId: input.institutionId,
    code,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    preferredLanguage: input.preferredLanguage,
    pending: false,
  };
  const words = registered?.tokens ?? memberTokens(input.institutionId, { ...member, code: null }, DIGITS_ONLY);
  await database.members.put({ ...member, tokens: [...new Set([...words, ...memberCodeTokens(input.institutionId, code)])] });
}

async function refused(database: SadakaDb, entry: OutboxEntry, result: SyncAnswer): Promise<void> {
  const state = result.status === 'conflict' ? 'conflict' : 'rejected';
  const message = result.message ?? null;
  await database.outbox.update(entry.seq!, {
    state,
    lastStatus: result.status,
    lastError: message,
    lastCode: result.code ?? null,
    conflictMemberId: entry.kind === 'member' && state === 'conflict' ? (result.memberId ?? null) : null,
  });
  const syncState: SyncState = state;
  if (entry.kind === 'receipt') await database.receipts.update(entry.id, { syncState, syncMessage: message });
  if (entry.kind === 'batch') await database.batches.update(entry.id, { syncState });
}
