import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db';
import { closeBatch, openBatch } from '../../src/lib/offline/batches';
import { flushOutbox, type FlushOutcome } from '../../src/lib/offline/flush';
import { readFlushState } from '../../src/lib/offline/flush-state';
import type { LockManagerLike } from '../../src/lib/offline/outbox-lock';
import { storeMemberPage } from '../../src/lib/offline/refresh-cache';
import { recordReceipt } from '../../src/lib/offline/record-receipt';
import { registerMemberOffline } from '../../src/lib/offline/register-member';
import { createHttpTransport } from '../../src/lib/offline/transport';
import type { LocalBatch, LocalMember } from '../../src/lib/offline/types';
import { canonical, type Fault, FakeSyncServer } from './outbox-fake-server';
import { freshDevice, INSTITUTION, memberDraft, payerDraft, TREASURER } from './outbox-helpers';

// THE property of the outbox (offline.md, issue 3): whatever the network does — requests lost,
// answers lost after the server saved, answers cut short, replayed, shuffled or delayed, 429/500/503
// with Retry-After, a session that expires and a person who signs in again — once the flushes have
// run until quiet, the server holds exactly what was recorded: nothing lost, nothing doubled, and
// every local record synced. Recording goes on while flushes are in flight, and in half the runs two
// flushers (a page and a service worker on a browser without Web Locks) run at the same time.

const FAULTS: Fault[] = ['ok', 'drop-request', 'drop-response', 'truncate-response', 'replayed-by-proxy', 'shuffle', 'delay', '429', '500', '503', '401'];

type Op =
  | { kind: 'open-batch' }
  | { kind: 'close-batch'; pick: number }
  | { kind: 'register-member' }
  | { kind: 'receipt'; giver: 'walk-in' | 'cached' | 'offline'; pick: number; inBatch: boolean; batchPick: number; amount: number }
  | { kind: 'flush' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant<Op>({ kind: 'open-batch' }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('close-batch' as const), pick: fc.nat(9) }), weight: 1 },
  { arbitrary: fc.constant<Op>({ kind: 'register-member' }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('receipt' as const),
      giver: fc.constantFrom('walk-in' as const, 'cached' as const, 'offline' as const),
      pick: fc.nat(9),
      inBatch: fc.boolean(),
      batchPick: fc.nat(9),
      amount: fc.integer({ min: 1, max: 5_000_000 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.constant<Op>({ kind: 'flush' }), weight: 2 },
);

/** Two flushers at once: a lock manager that always grants, as two realms without Web Locks would be. */
const NO_LOCKS: LockManagerLike = { request: (_name, _options, callback) => callback({}) };
/** The real exclusive behaviour of `ifAvailable` across realms. */
function exclusiveLocks(): LockManagerLike {
  let held = false;
  return {
    async request(_name, _options, callback) {
      if (held) return callback(null);
      held = true;
      try {
        return await callback({});
      } finally {
        held = false;
      }
    },
  };
}

const CACHED_MEMBERS = [1, 2, 3].map((id) => ({
  id,
  institutionId: INSTITUTION.id,
  code: `M-${id}`,
  firstName: `Cached${id}`,
  lastName: 'Member',
  phone: `+25571300${String(id).padStart(4, '0')}`,
  preferredLanguage: 'sw' as const,
  zoneId: null,
  deleted: false,
}));

describe('outbox flush under any network schedule', () => {
  beforeEach(freshDevice);

  it('ends with exactly the recorded entries on the server: 0 lost, 0 doubled, every local entry synced', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 25 }),
        fc.array(fc.constantFrom(...FAULTS), { maxLength: 30 }),
        fc.boolean(),
        fc.scheduler(),
        async (ops, faults, concurrent, scheduler) => {
          await freshDevice();
          const server = new FakeSyncServer({ faults, delay: () => scheduler.schedule(Promise.resolve(), 'network delay') });
          for (const member of CACHED_MEMBERS) server.addExistingMember(member.id, member.phone, member.institutionId);
          await storeMemberPage(CACHED_MEMBERS);
          const session = { token: server.signIn() };
          const clock = { now: 1_000_000 };
          const transport = createHttpTransport({
            auth: async () => ({ token: session.token, userId: TREASURER.id, locale: 'en' }),
            fetch: server.fetch,
            now: () => clock.now,
          });
          const locks = concurrent ? NO_LOCKS : exclusiveLocks();
          const flushOnce = () => flushOutbox(transport, { now: () => clock.now, random: () => 0.5, locks, online: () => true, reason: 'timer' });
          const flushes = () => (concurrent ? Promise.all([flushOnce(), flushOnce()]) : flushOnce().then((outcome) => [outcome]));

          const recorded = { batches: [] as LocalBatch[], closed: new Set<string>(), members: [] as LocalMember[], receipts: new Map<string, unknown>() };
          const inFlight: Promise<unknown>[] = [];
          let phone = 100;
          for (const op of ops) {
            if (op.kind === 'flush') {
              // Not awaited: the next records are made while this flush is on the wire.
              inFlight.push(flushes());
            } else if (op.kind === 'open-batch') {
              recorded.batches.push(await openBatch({ institutionId: INSTITUTION.id, name: `Batch ${recorded.batches.length + 1}`, serviceDate: '2026-03-01', currency: 'TZS' }));
            } else if (op.kind === 'close-batch') {
              const open = recorded.batches.filter((batch) => !recorded.closed.has(batch.id));
              const batch = open[op.pick % Math.max(1, open.length)];
              if (batch) {
                await closeBatch(batch.id);
                recorded.closed.add(batch.id);
              }
            } else if (op.kind === 'register-member') {
              recorded.members.push(await registerMemberOffline(memberDraft(`+2557140${String(++phone).padStart(5, '0')}`)));
            } else {
              const open = recorded.batches.filter((batch) => !recorded.closed.has(batch.id));
              const batch = op.inBatch ? open[op.batchPick % Math.max(1, open.length)] : undefined;
              const cached = CACHED_MEMBERS[op.pick % CACHED_MEMBERS.length]!;
              const member: LocalMember | null =
                op.giver === 'cached'
                  ? { key: `s:${cached.id}`, serverId: cached.id, clientId: null, institutionId: INSTITUTION.id, code: cached.code, firstName: cached.firstName, lastName: cached.lastName, phone: cached.phone, preferredLanguage: 'sw', pending: false }
                  : op.giver === 'offline'
                    ? (recorded.members[op.pick % Math.max(1, recorded.members.length)] ?? null)
                    : null;
              const receipt = await recordReceipt(payerDraft({ member, payer: member ? null : { name: 'Walk In', phone: '+255713009999' }, batchId: batch?.id ?? null, lines: [{ offeringTypeId: 1, amount: op.amount }] }));
              recorded.receipts.set(receipt.id, receipt.payload);
            }
          }
          await scheduler.waitFor(Promise.all(inFlight));

          // Flush until quiet: wait out each back-off on the clock, sign in again after a 401.
          for (let round = 0; round < 200 && (await db.outbox.count()) > 0; round++) {
            const state = await readFlushState();
            if (state.backoffUntil > clock.now) clock.now = state.backoffUntil;
            const outcomes: FlushOutcome[] = await scheduler.waitFor(flushes());
            if (outcomes.some((outcome) => outcome.status === 'signed-out')) session.token = server.signIn();
          }

          // Nothing left on the device, nothing stuck in rejected or conflict.
          expect(await db.outbox.toArray()).toEqual([]);
          expect((await db.receipts.toArray()).filter((receipt) => receipt.syncState !== 'synced')).toEqual([]);
          expect((await db.batches.toArray()).filter((batch) => batch.syncState !== 'synced')).toEqual([]);
          expect(await db.members.filter((member) => member.pending).count()).toBe(0);
          // Exactly the recorded receipts, each with the content recorded, each created once.
          expect([...server.receipts.keys()].sort()).toEqual([...recorded.receipts.keys()].sort());
          for (const [id, payload] of recorded.receipts) expect(server.receipts.get(id)?.body).toBe(canonical(payload));
          expect([...server.members.keys()].sort()).toEqual(recorded.members.map((member) => member.clientId).sort());
          expect([...server.batches.keys()].sort()).toEqual(recorded.batches.map((batch) => batch.id).sort());
          for (const batch of recorded.batches) expect(server.batches.get(batch.id)?.closed).toBe(recorded.closed.has(batch.id));
          for (const [id, count] of server.creations) expect(count, id).toBe(1);
        },
      ),
      { numRuns: Number(process.env.OUTBOX_PROPERTY_RUNS ?? 200) },
    );
  }, 120_000);
});
