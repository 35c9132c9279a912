import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db';
import { closeBatch, openBatch } from '../../src/lib/offline/batches';
import { HasDependentsError } from '../../src/lib/offline/errors';
import { flushOutbox, type FlushOptions } from '../../src/lib/offline/flush';
import { storedMember } from '../../src/lib/offline/member-rows';
import { readFlushState } from '../../src/lib/offline/flush-state';
import { discardEntry, resendFixed, resolveWithCorrectedPhone, resolveWithExistingMember, retryEntry } from '../../src/lib/offline/outbox-actions';
import { recordReceipt } from '../../src/lib/offline/record-receipt';
import { registerMemberOffline } from '../../src/lib/offline/register-member';
import { searchLocalMembers } from '../../src/lib/offline/search-members';
import { mirrorSession, readMirroredSession } from '../../src/lib/offline/session-mirror';
import { createHttpTransport } from '../../src/lib/offline/transport';
import type { CashReceiptInput } from '../../domain/api/receipts';
import * as phoneRules from '../../domain/phone';
import { type Fault, FakeSyncServer } from './outbox-fake-server';
import { freshDevice, INSTITUTION, memberDraft, payerDraft, signInAs, TREASURER } from './outbox-helpers';

/** A device talking to `server`: the real HTTP transport over the fake network, a clock we move by hand. */
function deviceFor(server: FakeSyncServer) {
  const session = { token: server.signIn(), userId: TREASURER.id };
  const clock = { now: 1_000_000 };
  const transport = createHttpTransport({
    auth: async () => ({ token: session.token, userId: session.userId, locale: 'en' }),
    fetch: server.fetch,
    now: () => clock.now,
  });
  const flush = (options: FlushOptions = {}) => flushOutbox(transport, { now: () => clock.now, random: () => 0.5, online: () => true, ...options });
  return { session, clock, transport, flush };
}

const batchDraft = { institutionId: INSTITUTION.id, name: 'Sunday service', serviceDate: '2026-03-01', currency: 'TZS' };
const paths = (server: FakeSyncServer) => server.requests.map((request) => `${request.path.replace('/api/', '')}:${request.count}`);

beforeEach(freshDevice);

describe('flushOutbox', () => {
  it('sends batches, members, receipts, then closes — each receipt after the member and batch it names', async () => {
    const server = new FakeSyncServer();
    const { flush } = deviceFor(server);
    const batch = await openBatch(batchDraft);
    const member = await registerMemberOffline(memberDraft('+255713000010'));
    const forMember = await recordReceipt(payerDraft({ batchId: batch.id, member, payer: null }));
    const walkIn = await recordReceipt(payerDraft({ batchId: batch.id }));
    await closeBatch(batch.id);

    const outcome = await flush();

    expect(outcome).toMatchObject({ status: 'done', answered: 5 });
    expect(paths(server)).toEqual(['receipt-batches/sync:1', 'members/sync:1', 'cash-receipts/sync:2', 'receipt-batches/sync:1']);
    expect(server.batches.get(batch.id)?.closed).toBe(true);
    expect(server.receipts.get(forMember.id)?.value).toMatchObject({ memberClientId: member.clientId, receiptNo: forMember.receiptNo });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.receipts.toArray()).map((receipt) => receipt.syncState)).toEqual(['synced', 'synced']);
    expect((await db.batches.get(batch.id))?.syncState).toBe('synced');
    expect((await db.receipts.get(walkIn.id))?.receiptNo).toBe(walkIn.receiptNo);
    // The offline registration is now the server's member, still found, with its code and client id.
    const [found] = await searchLocalMembers(INSTITUTION.id, 'Baraka');
    expect(found).toMatchObject({ key: 's:1001', serverId: 1001, clientId: member.clientId, code: 'M-1001', pending: false });
    expect(await searchLocalMembers(INSTITUTION.id, 'M-1001')).toHaveLength(1);
    // Its search words are the ones a member from the cache feed gets (the flusher, which the
    // service worker runs too, carries the registration's words over instead of loading libphonenumber).
    expect((await db.members.get('s:1001'))?.tokens).toEqual(storedMember(found!, phoneRules).tokens);
    expect(await searchLocalMembers(INSTITUTION.id, '0713 000 010')).toHaveLength(1);
    expect((await readFlushState()).lastFlushAt).toBe(1_000_000);
  });

  it('keeps a synced member findable by name, code and phone digits even if its registration row had gone', async () => {
    const server = new FakeSyncServer();
    const { flush } = deviceFor(server);
    const member = await registerMemberOffline(memberDraft('+255713000011'));
    await db.members.delete(member.key);

    await flush();

    expect(await searchLocalMembers(INSTITUTION.id, 'Baraka')).toMatchObject([{ serverId: 1001, clientId: member.clientId, code: 'M-1001' }]);
    expect(await searchLocalMembers(INSTITUTION.id, 'M-1001')).toHaveLength(1);
    expect(await searchLocalMembers(INSTITUTION.id, '255713000011')).toHaveLength(1);
  });

  it('sends at most 100 entries per request', async () => {
    const server = new FakeSyncServer();
    const { flush } = deviceFor(server);
    for (let index = 0; index < 250; index++) await recordReceipt(payerDraft());
    await flush();
    expect(paths(server)).toEqual(['cash-receipts/sync:100', 'cash-receipts/sync:100', 'cash-receipts/sync:50']);
    expect(server.receipts.size).toBe(250);
  });

  it('pauses the whole queue on 401, drops nothing, does not retry the dead token, and resumes after a new sign-in', async () => {
    const server = new FakeSyncServer({ faults: ['401'] });
    const { flush, session } = deviceFor(server);
    const receipts = [await recordReceipt(payerDraft()), await recordReceipt(payerDraft())];

    expect((await flush()).status).toBe('signed-out');
    expect((await readFlushState()).block).toBe('signed-out');
    expect(await db.outbox.count()).toBe(2);
    expect(await flush({ reason: 'manual' })).toMatchObject({ status: 'signed-out' });
    expect(server.requests).toHaveLength(1);
    // The stored state never holds the token itself.
    expect(JSON.stringify(await db.meta.toArray())).not.toContain(session.token);

    session.token = server.signIn();
    expect((await flush({ reason: 'start' })).status).toBe('done');
    expect([...server.receipts.keys()].sort()).toEqual(receipts.map((receipt) => receipt.id).sort());
    expect((await readFlushState()).block).toBeNull();
  });

  it('backs off on 503, honouring Retry-After, and keeps everything meanwhile', async () => {
    const server = new FakeSyncServer({ faults: ['503'], retryAfterSeconds: 120 });
    const { flush, clock } = deviceFor(server);
    await recordReceipt(payerDraft());

    const first = await flush();
    expect(first).toMatchObject({ status: 'backing-off', retryAt: clock.now + 120_000 });
    clock.now += 60_000;
    // Not even a person pressing "send now" overrides what the server asked for.
    expect(await flush({ reason: 'manual' })).toMatchObject({ status: 'waiting' });
    expect(server.requests).toHaveLength(1);
    clock.now += 60_000;
    expect((await flush({ reason: 'timer' })).status).toBe('done');
    expect(server.receipts.size).toBe(1);
  });

  it('doubles the wait after each network failure up to five minutes; coming back online cuts it short', async () => {
    const server = new FakeSyncServer({ faults: Array<Fault>(12).fill('drop-request') });
    const { flush, clock } = deviceFor(server);
    await recordReceipt(payerDraft());
    const waits: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const outcome = await flush({ reason: 'timer' });
      waits.push(outcome.retryAt! - clock.now);
      clock.now = outcome.retryAt!;
    }
    // random() = 0.5: three quarters of 1 s, 2 s, 4 s … capped at 5 min (never below 1 s).
    expect(waits).toEqual([1000, 1500, 3000, 6000, 12000, 24000, 48000, 96000, 192000, 225000, 225000]);

    const outcome = await flush({ reason: 'timer' });
    expect(outcome.status).toBe('backing-off');
    expect((await flush({ reason: 'visible' })).status).toBe('waiting');
    expect((await flush({ reason: 'online' })).status).toBe('done');
    expect(server.receipts.size).toBe(1);
  });

  it('sends nothing while the device knows it is offline, and lets no back-off grow meanwhile', async () => {
    const server = new FakeSyncServer();
    const { flush } = deviceFor(server);
    await recordReceipt(payerDraft());
    expect(await flush({ online: () => false })).toMatchObject({ status: 'offline', retryAt: null });
    expect(await readFlushState()).toMatchObject({ block: 'offline', failures: 0, backoffUntil: 0 });
    expect(server.requests).toHaveLength(0);
    expect((await flush({ reason: 'online' })).status).toBe('done');
    expect((await readFlushState()).block).toBeNull();
  });

  it('resends after a lost answer and the server answers duplicate: stored once', async () => {
    const server = new FakeSyncServer({ faults: ['drop-response', 'truncate-response'] });
    const { flush } = deviceFor(server);
    const receipt = await recordReceipt(payerDraft());
    expect((await flush()).status).toBe('backing-off');
    expect((await db.receipts.get(receipt.id))?.syncState).toBe('sending');
    expect((await flush({ reason: 'online' })).status).toBe('backing-off');
    expect((await flush({ reason: 'online' })).status).toBe('done');
    expect(server.creations.get(receipt.id)).toBe(1);
    expect((await db.receipts.get(receipt.id))?.syncState).toBe('synced');
  });

  it('only sends what the signed-in person recorded', async () => {
    const server = new FakeSyncServer();
    const { flush, session } = deviceFor(server);
    const mine = await recordReceipt(payerDraft());
    signInAs(8, 'token-other');
    const theirs = await recordReceipt(payerDraft({ recordedBy: { id: 8, name: 'Other Treasurer' } }));

    await flush();
    expect([...server.receipts.keys()]).toEqual([mine.id]);
    session.userId = 8;
    await flush();
    expect([...server.receipts.keys()]).toEqual([mine.id, theirs.id]);
  });

  it('lets only one flusher run at a time', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = new FakeSyncServer({ faults: ['delay'], delay: () => gate });
    const { flush } = deviceFor(server);
    await recordReceipt(payerDraft());
    const first = flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await flush()).status).toBe('busy');
    release();
    expect((await first).status).toBe('done');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses every entry of a request the server refused as a whole, with its reason', async () => {
    const server = new FakeSyncServer();
    const { flush } = deviceFor(server);
    const forbidden = async (): Promise<Response> =>
      new Response(JSON.stringify({ code: 'forbidden', message: 'You do not have permission' }), { status: 403, headers: { 'content-type': 'application/json' } });
    const transport = createHttpTransport({ auth: async () => ({ token: 't', userId: TREASURER.id, locale: 'en' }), fetch: forbidden });
    const receipt = await recordReceipt(payerDraft());
    await flushOutbox(transport, { online: () => true });
    expect(await db.outbox.toArray()).toMatchObject([{ id: receipt.id, state: 'rejected', lastError: 'You do not have permission' }]);
    expect(await db.receipts.get(receipt.id)).toMatchObject({ syncState: 'rejected', syncMessage: 'You do not have permission' });
    await flush();
    expect(server.requests).toHaveLength(0);
  });

  it('is the same function for the service worker: it sends with the session the page mirrored', async () => {
    const server = new FakeSyncServer();
    const token = server.signIn();
    await recordReceipt(payerDraft());
    const worker = createHttpTransport({ auth: () => readMirroredSession(), fetch: server.fetch });
    expect((await flushOutbox(worker, { reason: 'sync' })).status).toBe('signed-out');
    await mirrorSession({ token, userId: TREASURER.id, locale: 'sw' });
    expect((await flushOutbox(worker, { reason: 'sync' })).status).toBe('done');
    expect(server.receipts.size).toBe(1);
  });
});

describe('rejected and conflicting entries', () => {
  it('stay visible with the reason until a person discards them', async () => {
    const server = new FakeSyncServer();
    const { flush } = deviceFor(server);
    const receipt = await recordReceipt(payerDraft({ payer: null, member: { key: 's:404', serverId: 404, clientId: null, institutionId: INSTITUTION.id, code: 'X', firstName: 'Gone', lastName: 'Member', phone: '+255713000404', preferredLanguage: 'sw', pending: false } }));
    await flush();
    await flush({ reason: 'timer' });
    expect(await db.outbox.toArray()).toMatchObject([{ id: receipt.id, state: 'rejected', lastError: 'Unknown member', attempts: 1 }]);
    expect(await db.receipts.get(receipt.id)).toMatchObject({ syncState: 'rejected', syncMessage: 'Unknown member' });

    await discardEntry(receipt.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.receipts.get(receipt.id)).toBeUndefined();
  });

  it('can be fixed and resent under the same id, or retried unchanged', async () => {
    const server = new FakeSyncServer();
    const { flush } = deviceFor(server);
    const missing = { key: 's:404', serverId: 404, clientId: null, institutionId: INSTITUTION.id, code: 'X', firstName: 'Gone', lastName: 'Member', phone: '+255713000404', preferredLanguage: 'sw' as const, pending: false };
    const toFix = await recordReceipt(payerDraft({ payer: null, member: missing }));
    const toRetry = await recordReceipt(payerDraft({ payer: null, member: missing }));
    await flush();

    const { memberId: _gone, ...rest } = toFix.payload;
    await resendFixed(toFix.id, { ...rest, payer: { name: 'Neema Juma', phone: '+255713000001' } } as CashReceiptInput);
    server.addExistingMember(404, '+255713000404', INSTITUTION.id);
    await retryEntry(toRetry.id);
    await flush();

    expect(server.receipts.get(toFix.id)?.value).toMatchObject({ payer: { name: 'Neema Juma' }, receiptNo: toFix.receiptNo });
    expect(server.receipts.get(toRetry.id)?.value).toMatchObject({ memberId: 404 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.receipts.get(toFix.id)).toMatchObject({ syncState: 'synced', giverName: 'Neema Juma' });
  });

  it('a phone already known: "use the existing member" points the waiting receipts at that member', async () => {
    const server = new FakeSyncServer();
    server.addExistingMember(77, '+255713000077', INSTITUTION.id);
    const { flush } = deviceFor(server);
    const member = await registerMemberOffline(memberDraft('+255713000077'));
    const receipts = [await recordReceipt(payerDraft({ member, payer: null })), await recordReceipt(payerDraft({ member, payer: null }))];

    await flush();
    expect(await db.outbox.where('id').equals(member.clientId!).first()).toMatchObject({ state: 'conflict', conflictMemberId: 77, lastCode: 'phone_taken' });
    // The receipts wait for their member; they are not sent to be refused.
    expect(server.requests.map((request) => request.path)).toEqual(['/api/members/sync']);
    await expect(discardEntry(member.clientId!)).rejects.toBeInstanceOf(HasDependentsError);

    expect(await resolveWithExistingMember(member.clientId!)).toBe(2);
    await flush();
    for (const receipt of receipts) expect(server.receipts.get(receipt.id)?.value).toMatchObject({ memberId: 77 });
    expect(server.members.size).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.members.get(member.key)).toBeUndefined();
  });

  it('a phone already known: "correct the number" resends under the same client id and the receipts follow', async () => {
    const server = new FakeSyncServer();
    server.addExistingMember(77, '+255713000077', INSTITUTION.id);
    const { flush } = deviceFor(server);
    const member = await registerMemberOffline(memberDraft('+255713000077'));
    const receipt = await recordReceipt(payerDraft({ member, payer: null }));
    await flush();

    await resolveWithCorrectedPhone(member.clientId!, '0713 000 078'.replace(/^0/, '+255').replace(/\s/g, ''));
    await flush();
    expect(server.members.get(member.clientId!)?.value).toMatchObject({ phone: '+255713000078' });
    expect(server.receipts.get(receipt.id)?.value).toMatchObject({ memberClientId: member.clientId });
    expect(await db.outbox.count()).toBe(0);
    expect(await searchLocalMembers(INSTITUTION.id, '0713000078')).toHaveLength(1);
  });
});

describe('"too early" answers', () => {
  it('leave the receipt pending for the next run instead of refusing it or looping', async () => {
    const server = new FakeSyncServer({ tooEarlyCodes: true });
    const { flush } = deviceFor(server);
    const member = await registerMemberOffline(memberDraft('+255713000055'));
    const receipt = await recordReceipt(payerDraft({ member, payer: null }));
    // As if the registration had left this device by another road: the receipt no longer waits for it here.
    const registration = await db.outbox.where('id').equals(member.clientId!).first();
    await db.outbox.where('id').equals(member.clientId!).delete();

    expect((await flush()).status).toBe('done');
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.where('id').equals(receipt.id).first()).toMatchObject({ state: 'pending', attempts: 1 });

    server.acceptMember(registration!.payload as Record<string, unknown>);
    await flush({ reason: 'timer' });
    expect(server.receipts.has(receipt.id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('late answers', () => {
  it('an answer about an earlier send never overrides what the entry has become since', async () => {
    const { applyResults, markSending } = await import('../../src/lib/offline/apply-results');
    const { PHASES } = await import('../../src/lib/offline/flush-phases');
    const phase = (name: string) => PHASES.find((candidate) => candidate.name === name)!;
    const batch = await openBatch(batchDraft);
    const [sentOpen] = await markSending(db, await db.outbox.toArray());
    // Meanwhile another flusher created the batch and its close went out.
    await db.outbox.where('id').equals(batch.id).modify({ batchCreated: true });
    await closeBatch(batch.id);
    await applyResults(db, phase('batch-open'), [sentOpen!], [{ id: batch.id, status: 'conflict', message: 'Batch is closed' }]);
    expect(await db.outbox.where('id').equals(batch.id).first()).toMatchObject({ state: 'pending', batchCreated: true, lastError: null });

    const receipt = await recordReceipt(payerDraft());
    const [sentReceipt] = await markSending(db, await db.outbox.where('kind').equals('receipt').toArray());
    // A person fixed it after a rejection from yet another send; the old body's answer is stale.
    await db.outbox.where('id').equals(receipt.id).modify((entry) => {
      entry.payload = { ...entry.payload, note: 'fixed' };
    });
    await applyResults(db, phase('receipt'), [sentReceipt!], [{ id: receipt.id, status: 'rejected', message: 'Unknown member' }]);
    expect(await db.outbox.where('id').equals(receipt.id).first()).toMatchObject({ state: 'pending', lastError: null });
    await applyResults(db, phase('receipt'), [sentReceipt!], [{ id: receipt.id, status: 'duplicate' }]);
    expect(await db.outbox.where('id').equals(receipt.id).count()).toBe(1);
  });
});
