import type { BatchInput, CashReceiptInput, MemberInput } from '../../../domain/api/receipts';
import { checkBatch, checkCashReceipt, checkMember, checkPhone } from '../../../domain/receipt-rules';
import { db, type SadakaDb } from '../db';
import { guardStorage, HasDependentsError } from './errors';
import { requestFlush } from './flush-scheduler';
import { clientMemberKey, fromMemberInput } from './member-rows';
import { loadPhoneRules } from './phone-rules';
import type { OutboxEntry, SyncState } from './types';
import { acceptedDraft } from './validate-draft';

/**
 * What a person can do with an entry on the outbox page. Only entries the server has answered
 * rejected or conflict can be changed: a pending entry may be on the wire right now, and the
 * server may already hold it, so its payload must stay exactly as sent.
 */

const NOT_CHANGEABLE = 'Only rejected or conflicting entries can be changed';

class EntryNotChangeableError extends Error {
  constructor() {
    super(NOT_CHANGEABLE);
    this.name = 'EntryNotChangeableError';
  }
}

const answered = (entry: OutboxEntry | undefined): entry is OutboxEntry => entry !== undefined && entry.state !== 'pending';
const back = { state: 'pending' as const, lastError: null, lastStatus: null, lastCode: null, conflictMemberId: null };

async function findEntry(database: SadakaDb, id: string): Promise<OutboxEntry | undefined> {
  return database.outbox.where('id').equals(id).first();
}

/** Receipts still on the device that name this member (by client id) or go into this batch. */
async function dependents(database: SadakaDb, entry: OutboxEntry): Promise<OutboxEntry[]> {
  if (entry.kind === 'receipt') return [];
  const receipts = await database.outbox.where('kind').equals('receipt').toArray();
  return receipts.filter((receipt) => {
    const payload = receipt.payload as CashReceiptInput;
    return entry.kind === 'member' ? payload.memberClientId === entry.id : payload.batchId === entry.id && !entry.batchCreated;
  });
}

async function setLocalState(database: SadakaDb, entry: OutboxEntry, syncState: SyncState): Promise<void> {
  if (entry.kind === 'receipt') await database.receipts.update(entry.id, { syncState, syncMessage: null });
  if (entry.kind === 'batch') await database.batches.update(entry.id, { syncState });
}

/** Sends it again unchanged (the cause was elsewhere: a permission since granted, an offering type reactivated). */
export async function retryEntry(id: string, database: SadakaDb = db): Promise<void> {
  await database.transaction('rw', [database.outbox, database.receipts, database.batches], async () => {
    const entry = await findEntry(database, id);
    if (!answered(entry)) throw new EntryNotChangeableError();
    await database.outbox.update(entry.seq!, back);
    await setLocalState(database, entry, 'pending');
  });
  void requestFlush('manual');
}

/**
 * Sends a corrected record under the SAME client id. Safe because the server stores nothing for a
 * rejected entry or a phone conflict (server/services/desk/member-sync.ts): the id is still free,
 * and receipts and printouts that point at it stay valid. The receipt number is kept as issued.
 */
export async function resendFixed(id: string, payload: CashReceiptInput | MemberInput | BatchInput, database: SadakaDb = db): Promise<void> {
  // Loaded before the transaction (which must not wait on anything but the database): a fixed
  // receipt may carry a walk-in's phone, a fixed member always does.
  const phone = await loadPhoneRules();
  await guardStorage(() =>
    database.transaction('rw', [database.outbox, database.receipts, database.batches, database.members], async () => {
      const entry = await findEntry(database, id);
      if (!answered(entry)) throw new EntryNotChangeableError();
      if (entry.kind === 'receipt') {
        const previous = entry.payload as CashReceiptInput;
        const fixed = acceptedDraft(checkCashReceipt({ ...payload, id, receiptNo: previous.receiptNo }, phone.isE164));
        await database.outbox.update(entry.seq!, { ...back, payload: fixed });
        await database.receipts
          .where('id')
          .equals(id)
          .modify((row) => {
            row.payload = fixed;
            row.syncState = 'pending';
            row.syncMessage = null;
            if (fixed.payer) {
              row.giverName = fixed.payer.name;
              row.giverPhone = fixed.payer.phone ?? null;
            }
          });
      } else if (entry.kind === 'member') {
        const fixed = acceptedDraft(checkMember({ ...payload, id }, phone.isE164));
        await database.outbox.update(entry.seq!, { ...back, payload: fixed });
        await database.members.put(fromMemberInput(fixed, phone));
      } else {
        const fixed = acceptedDraft(checkBatch({ ...payload, id, closedAt: (entry.payload as BatchInput).closedAt ?? null }));
        await database.outbox.update(entry.seq!, { ...back, payload: fixed });
        await database.batches.update(id, { name: fixed.name, serviceDate: fixed.serviceDate, currency: fixed.currency, syncState: 'pending' });
      }
    }),
  );
  void requestFlush('manual');
}

/** The phone belongs to a member the server already has: correct it and send the registration again. */
export async function resolveWithCorrectedPhone(memberEntryId: string, phone: string, database: SadakaDb = db): Promise<void> {
  const entry = await findEntry(database, memberEntryId);
  if (!entry || entry.kind !== 'member') throw new EntryNotChangeableError();
  const checked = acceptedDraft(checkPhone(phone, (await loadPhoneRules()).isE164));
  await resendFixed(memberEntryId, { ...(entry.payload as MemberInput), phone: checked }, database);
}

/**
 * The person is the member the server already has: every receipt waiting for this offline
 * registration is pointed at that member instead, and the registration is dropped — in one
 * transaction, so no receipt is left naming a member that will never exist. Those receipts were
 * never sent (they wait until their member has synced), so rewriting them is safe.
 */
export async function resolveWithExistingMember(memberEntryId: string, database: SadakaDb = db): Promise<number> {
  const moved = await database.transaction('rw', [database.outbox, database.receipts, database.members], async () => {
    const entry = await findEntry(database, memberEntryId);
    if (!answered(entry) || entry.kind !== 'member' || entry.conflictMemberId === null) throw new EntryNotChangeableError();
    const memberId = entry.conflictMemberId;
    const waiting = await dependents(database, entry);
    for (const receipt of waiting) {
      const { memberClientId: _gone, ...rest } = receipt.payload as CashReceiptInput;
      const payload: CashReceiptInput = { ...rest, memberId };
      await database.outbox.update(receipt.seq!, { payload });
      await database.receipts.update(receipt.id, { payload });
    }
    await database.outbox.delete(entry.seq!);
    await database.members.delete(clientMemberKey(entry.id));
    return waiting.length;
  });
  void requestFlush('manual');
  return moved;
}

/**
 * Drops an entry and its local row (the page asks for confirmation first). A member or batch that
 * unsent receipts still wait for cannot go: that would strand them (HasDependentsError).
 */
export async function discardEntry(id: string, database: SadakaDb = db): Promise<void> {
  await database.transaction('rw', [database.outbox, database.receipts, database.batches, database.members], async () => {
    const entry = await findEntry(database, id);
    if (!entry) return;
    const waiting = await dependents(database, entry);
    if (waiting.length > 0) throw new HasDependentsError(waiting.length);
    await database.outbox.delete(entry.seq!);
    if (entry.kind === 'receipt') await database.receipts.delete(id);
    if (entry.kind === 'member') await database.members.delete(clientMemberKey(id));
    if (entry.kind === 'batch') {
      // A batch the server already has stays (open, as the server has it); one it never saw goes.
      if (entry.batchCreated) await database.batches.update(id, { closedAt: null, syncState: 'synced' });
      else await database.batches.delete(id);
    }
  });
}

/** "Send now": a person asked, so a network back-off is cut short (a server's Retry-After is not). */
export function sendNow(): Promise<void> {
  return requestFlush('manual');
}
