import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledgeAllocations, pledges } from '../../server/db/schema/members';
import { ledgerEntries, transactionLines, transactions } from '../../server/db/schema/money';
import { createOfferingType, type OfferingTypeRow } from '../factories/desk';
import { createMember, createTransaction } from '../factories/giving';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * The allocation triggers against a model written here in a few lines: any sequence of pledges,
 * gifts (completed at once or later, two types, some naming a pledge) and reversals leaves every
 * pledge with exactly the paid the model computes; paid never exceeds total, a line never counts
 * for more than its amount, and a reversed gift counts for nothing.
 */
type Op =
  | { kind: 'pledge'; total: number; due: number; typeIndex: 0 | 1 }
  | { kind: 'gift'; amount: number; typeIndex: 0 | 1; pending: boolean; named: number | null }
  | { kind: 'complete'; gift: number }
  | { kind: 'reverse'; gift: number; how: 'status' | 'ledger' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('pledge' as const), total: fc.integer({ min: 1, max: 50 }), due: fc.integer({ min: 1, max: 28 }), typeIndex: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({
    kind: fc.constant('gift' as const),
    amount: fc.integer({ min: 1, max: 60 }),
    typeIndex: fc.constantFrom(0 as const, 1 as const),
    pending: fc.boolean(),
    named: fc.option(fc.nat(10), { nil: null }),
  }),
  fc.record({ kind: fc.constant('complete' as const), gift: fc.nat(10) }),
  fc.record({ kind: fc.constant('reverse' as const), gift: fc.nat(10), how: fc.constantFrom('status' as const, 'ledger' as const) }),
);

type ModelPledge = { id: number; total: number; paid: number; due: number; type: number };
type ModelGift = { id: string; lineAmount: number; type: number; named: number | null; state: 'pending' | 'completed' | 'reversed'; allocations: Map<number, number> };

function allocate(model: ModelPledge[], gift: ModelGift) {
  let left = gift.lineAmount;
  const open = model.filter((p) => p.paid < p.total && (p.id === gift.named || p.type === gift.type));
  open.sort((a, b) => Number(b.id === gift.named) - Number(a.id === gift.named) || a.due - b.due || a.id - b.id);
  for (const p of open) {
    if (left <= 0) break;
    const take = Math.min(left, p.total - p.paid);
    p.paid += take;
    left -= take;
    gift.allocations.set(p.id, (gift.allocations.get(p.id) ?? 0) + take);
  }
}

describe('pledge allocation (property)', () => {
  let t: TestApp;
  let w: World;
  let types: [OfferingTypeRow, OfferingTypeRow];

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    types = [await createOfferingType(t.database.db, { institutionId: w.churchA.id }), await createOfferingType(t.database.db, { institutionId: w.churchA.id })];
  });
  afterAll(() => t.close());

  it('matches the model; paid ≤ total; never counted twice; reversals give back', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        // A fresh member per run keeps runs apart without truncating.
        const member = await createMember(db, { institutionId: w.churchA.id });
        const model: ModelPledge[] = [];
        const gifts: ModelGift[] = [];
        for (const op of ops) {
          if (op.kind === 'pledge') {
            const [row] = await db
              .insert(pledges)
              .values({ institutionId: w.churchA.id, memberId: member.id, offeringTypeId: types[op.typeIndex].id, total: op.total, dueDate: new Date(Date.UTC(2026, 5, op.due)) })
              .returning({ id: pledges.id });
            model.push({ id: row!.id, total: op.total, paid: 0, due: op.due, type: op.typeIndex });
          } else if (op.kind === 'gift') {
            const named = op.named === null || model.length === 0 ? null : model[op.named % model.length]!.id;
            const tx = await createTransaction(db, { institutionId: w.churchA.id, memberId: member.id, status: op.pending ? 'pending' : 'completed', amount: op.amount, referenceNo: randomUUID() });
            await db.insert(transactionLines).values({ transactionId: tx.id, offeringTypeId: types[op.typeIndex].id, amount: op.amount, pledgeId: named });
            const gift: ModelGift = { id: tx.id, lineAmount: op.amount, type: op.typeIndex, named, state: op.pending ? 'pending' : 'completed', allocations: new Map() };
            if (!op.pending) allocate(model, gift);
            gifts.push(gift);
          } else if (op.kind === 'complete') {
            const gift = gifts.length === 0 ? undefined : gifts[op.gift % gifts.length];
            if (!gift || gift.state !== 'pending') continue;
            await db.update(transactions).set({ status: 'completed' }).where(eq(transactions.id, gift.id));
            gift.state = 'completed';
            allocate(model, gift);
          } else {
            const gift = gifts.length === 0 ? undefined : gifts[op.gift % gifts.length];
            if (!gift || gift.state !== 'completed') continue;
            if (op.how === 'status') await db.update(transactions).set({ status: 'canceled' }).where(eq(transactions.id, gift.id));
            else {
              const [entry] = await db.insert(ledgerEntries).values({ transactionId: gift.id, description: 'gift' }).returning();
              await db.insert(ledgerEntries).values({ transactionId: gift.id, reversalOf: entry!.id, description: 'reversal' });
            }
            gift.state = 'reversed';
            for (const [pledgeId, amount] of gift.allocations) model.find((p) => p.id === pledgeId)!.paid -= amount;
            gift.allocations.clear();
          }
        }
        const stored = await db.select({ id: pledges.id, total: pledges.total, paid: pledges.paid }).from(pledges).where(eq(pledges.memberId, member.id));
        const paidOf = new Map(stored.map((row) => [row.id, row.paid]));
        for (const p of model) expect(paidOf.get(p.id), `pledge ${p.id}`).toBe(p.paid);
        for (const row of stored) expect(row.paid).toBeLessThanOrEqual(row.total);
        for (const gift of gifts) {
          const live = await db.select().from(pledgeAllocations).where(eq(pledgeAllocations.transactionId, gift.id));
          const counted = live.filter((a) => a.reversedAt === null).reduce((sum, a) => sum + a.amount, 0);
          expect(counted).toBeLessThanOrEqual(gift.lineAmount);
          if (gift.state !== 'completed') expect(counted).toBe(0);
        }
        for (const row of stored) {
          const live = await db.select().from(pledgeAllocations).where(eq(pledgeAllocations.pledgeId, row.id));
          expect(live.filter((a) => a.reversedAt === null).reduce((sum, a) => sum + a.amount, 0)).toBe(row.paid);
        }
      }),
      { numRuns: 40 },
    );
  });
});
