import { beforeEach, describe, expect, it } from 'vitest';
import { clearCachedData, db } from '../../src/lib/db';
import { closeBatch, openBatch } from '../../src/lib/offline/batches';
import { BatchClosedError, DraftInvalidError, StorageFullError } from '../../src/lib/offline/errors';
import { storeMemberPage } from '../../src/lib/offline/refresh-cache';
import { recordReceipt } from '../../src/lib/offline/record-receipt';
import { registerMemberOffline } from '../../src/lib/offline/register-member';
import { searchLocalMembers } from '../../src/lib/offline/search-members';
import { mirrorSession, readMirroredSession } from '../../src/lib/offline/session-mirror';
import { freshDevice, INSTITUTION, memberDraft, payerDraft, reopenedDatabase, TREASURER } from './outbox-helpers';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RECEIPT_NO = /^MWG-[0-9A-HJKMNP-TV-Z]{5}-\d{6}$/;

beforeEach(freshDevice);

describe('recordReceipt', () => {
  it('writes the receipt and its outbox entry together, under one client id and an offline number', async () => {
    const receipt = await recordReceipt(payerDraft({ note: 'Envelope 12' }));

    expect(receipt.id).toMatch(UUID_V7);
    expect(receipt.receiptNo).toMatch(RECEIPT_NO);
    expect(receipt.receiptNo.endsWith('-000001')).toBe(true);
    const [stored] = await db.receipts.toArray();
    const entries = await db.outbox.toArray();
    expect(stored).toEqual(receipt);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: receipt.id, kind: 'receipt', state: 'pending', userId: TREASURER.id, attempts: 0 });
    expect(entries[0]!.payload).toEqual(receipt.payload);
    expect(receipt.payload).toMatchObject({
      id: receipt.id,
      institutionId: INSTITUTION.id,
      payer: { name: 'Neema Juma', phone: '+255713000001' },
      receiptNo: receipt.receiptNo,
      method: 'cash',
      note: 'Envelope 12',
    });
    expect(receipt.payload).not.toHaveProperty('memberId');
    expect(receipt.syncState).toBe('pending');
  });

  it('writes nothing at all when storage is full, and says so with a StorageFullError', async () => {
    // The browser refuses the outbox entry the way a full disk does: the receipt row and the counter
    // were queued in the same transaction before it.
    const add = IDBObjectStore.prototype.add;
    IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
      if (this.name === 'outbox') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return add.apply(this, args);
    };
    try {
      await expect(recordReceipt(payerDraft())).rejects.toBeInstanceOf(StorageFullError);
    } finally {
      IDBObjectStore.prototype.add = add;
    }
    expect(await db.receipts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    const next = await recordReceipt(payerDraft());
    expect(next.receiptNo.endsWith('-000001')).toBe(true);
  });

  it('refuses a draft the wire contract would refuse, naming the field, and writes nothing', async () => {
    const error = await recordReceipt(payerDraft({ lines: [{ offeringTypeId: 1, amount: 0 }] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DraftInvalidError);
    expect((error as DraftInvalidError).issues.map((issue) => issue.path)).toContain('lines.0.amount');
    // No giver at all is a loose offering now (issue 11); a walk-in must still carry a name.
    await expect(recordReceipt(payerDraft({ payer: { name: '', phone: '+255713000001' } }))).rejects.toBeInstanceOf(DraftInvalidError);
    await expect(recordReceipt(payerDraft({ method: 'cheque' }))).rejects.toBeInstanceOf(DraftInvalidError);
    expect(await db.receipts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('names an offline registration by client id and a synced member by server id', async () => {
    const offline = await registerMemberOffline(memberDraft('+255713000002'));
    await storeMemberPage([
      { id: 41, institutionId: INSTITUTION.id, code: 'MWG-0041', firstName: 'Rehema', lastName: 'Kweka', phone: '+255713000003', preferredLanguage: 'en', zoneId: null, deleted: false },
    ]);
    const [cached] = await searchLocalMembers(INSTITUTION.id, 'Rehema');

    const forOffline = await recordReceipt(payerDraft({ member: offline, payer: null }));
    const forCached = await recordReceipt(payerDraft({ member: cached!, payer: null }));

    expect(forOffline.payload.memberClientId).toBe(offline.clientId);
    expect(forOffline.payload).not.toHaveProperty('memberId');
    expect(forOffline.giverName).toBe('Baraka Mwakyusa');
    expect(forCached.payload.memberId).toBe(41);
    expect(forCached.payload).not.toHaveProperty('memberClientId');
  });

  it('keeps a closed batch closed: no receipt goes into it', async () => {
    const batch = await openBatch({ institutionId: INSTITUTION.id, name: 'Sunday service', serviceDate: '2026-03-01', currency: 'TZS' });
    await recordReceipt(payerDraft({ batchId: batch.id }));
    await closeBatch(batch.id);
    await expect(recordReceipt(payerDraft({ batchId: batch.id }))).rejects.toBeInstanceOf(BatchClosedError);
    expect(await db.receipts.where('batchId').equals(batch.id).count()).toBe(1);
  });
});

describe('offline receipt numbers', () => {
  it('are unique and follow each other even when saved at the same moment', async () => {
    const receipts = await Promise.all(Array.from({ length: 25 }, () => recordReceipt(payerDraft())));
    const numbers = receipts.map((receipt) => receipt.receiptNo);
    expect(new Set(numbers).size).toBe(25);
    const sequence = numbers.map((no) => Number(no.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(new Set(numbers.map((no) => no.split('-')[1])).size).toBe(1);
  });

  it('carry on after a reload with the same device prefix, and survive sign-out', async () => {
    const first = await recordReceipt(payerDraft());
    const second = await recordReceipt(payerDraft());
    await clearCachedData();
    db.close();
    const reloaded = await reopenedDatabase();
    const third = await recordReceipt(payerDraft(), reloaded);
    reloaded.close();
    await db.open();

    const prefix = first.receiptNo.split('-')[1];
    expect([first, second, third].map((receipt) => receipt.receiptNo)).toEqual([`MWG-${prefix}-000001`, `MWG-${prefix}-000002`, `MWG-${prefix}-000003`]);
  });
});

describe('batches', () => {
  it('have one outbox entry; closing before it synced changes that entry, not a second one', async () => {
    const batch = await openBatch({ institutionId: INSTITUTION.id, name: 'Sunday service', serviceDate: '2026-03-01', currency: 'TZS' });
    expect(batch.closedAt).toBeNull();
    await closeBatch(batch.id);

    const entries = await db.outbox.where('kind').equals('batch').toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.payload).toMatchObject({ id: batch.id, name: 'Sunday service', closedAt: expect.any(String) });
    expect((await db.batches.get(batch.id))?.closedAt).toEqual(expect.any(String));
  });

  it('closing a batch the server already has queues the close under the same id', async () => {
    const batch = await openBatch({ institutionId: INSTITUTION.id, name: 'Sunday service', serviceDate: '2026-03-01', currency: 'TZS' });
    // As after a sync: the entry is gone, the batch is the server's.
    await db.outbox.where('id').equals(batch.id).delete();
    await db.batches.update(batch.id, { syncState: 'synced' });

    await closeBatch(batch.id);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ id: batch.id, kind: 'batch', batchCreated: true, state: 'pending' });
  });
});

describe('registerMemberOffline', () => {
  it('writes the member and its entry together; the member is searchable at once', async () => {
    const member = await registerMemberOffline(memberDraft('+255713000009', { firstName: 'Zawadi' }));
    expect(member).toMatchObject({ key: `c:${member.clientId}`, serverId: null, pending: true, phone: '+255713000009' });
    expect(await db.outbox.where('id').equals(member.clientId!).count()).toBe(1);
    expect((await searchLocalMembers(INSTITUTION.id, 'zaw')).map((found) => found.key)).toEqual([member.key]);
    expect((await searchLocalMembers(INSTITUTION.id, '0713000009')).map((found) => found.key)).toEqual([member.key]);
  });
});

describe('sign-out (clearCachedData)', () => {
  it('forgets the cache and the session but keeps every unsent record and its local row', async () => {
    await storeMemberPage([
      { id: 41, institutionId: INSTITUTION.id, code: 'MWG-0041', firstName: 'Rehema', lastName: 'Kweka', phone: '+255713000003', preferredLanguage: 'en', zoneId: null, deleted: false },
    ]);
    await db.offeringTypes.put({ id: 1, institutionId: INSTITUTION.id, title: 'Zaka', churchBp: 10000, fieldBp: 0, unionBp: 0 });
    const member = await registerMemberOffline(memberDraft('+255713000004'));
    const batch = await openBatch({ institutionId: INSTITUTION.id, name: 'Sunday service', serviceDate: '2026-03-01', currency: 'TZS' });
    const unsent = await recordReceipt(payerDraft({ batchId: batch.id }));
    const synced = await recordReceipt(payerDraft());
    await db.outbox.where('id').equals(synced.id).delete();
    await db.receipts.update(synced.id, { syncState: 'synced' });
    await mirrorSession({ token: 'token-1', userId: TREASURER.id, locale: 'sw' });

    await clearCachedData();

    expect(await db.outbox.count()).toBe(3);
    expect(await db.receipts.get(unsent.id)).toBeDefined();
    expect(await db.receipts.get(synced.id)).toBeUndefined();
    expect(await db.batches.get(batch.id)).toBeDefined();
    expect(await db.members.get(member.key)).toBeDefined();
    expect(await db.members.get('s:41')).toBeUndefined();
    expect(await db.offeringTypes.count()).toBe(0);
    expect(await readMirroredSession()).toBeNull();
  });
});

describe('receipts in a batch', () => {
  it('must be in the batch currency: refused on the device, as the server would', async () => {
    const batch = await openBatch({ institutionId: INSTITUTION.id, name: 'Dollar envelopes', serviceDate: '2026-03-01', currency: 'USD' });
    const error = await recordReceipt(payerDraft({ batchId: batch.id, currency: 'TZS' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DraftInvalidError);
    expect((error as DraftInvalidError).issues).toEqual([{ path: 'currency', message: 'receipt.batchCurrency' }]);
    expect(await db.receipts.count()).toBe(0);
    await recordReceipt(payerDraft({ batchId: batch.id, currency: 'USD' }));
    expect(await db.receipts.where('batchId').equals(batch.id).count()).toBe(1);
  });
});
