import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_AMOUNT } from '../../domain/api/receipts';
import { SHARES, splitAmount } from '../../domain/money';
import { ledgerEntries, ledgerLines, transactions } from '../../server/db/schema/money';
import { createCurrency, createOfferingType, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/** Three non-negative basis-point shares that add up to 10000, edge cases (0 and 10000) included. */
const divisions = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }))
  .map(([a, b]) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    return { church: low, field: high - low, union: 10_000 - high };
  });
const line = fc.record({ divisions, amount: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: MAX_LINE_AMOUNT })) });

describe('split and ledger of synced receipts (property, through the real route)', () => {
  let t: TestApp;
  let w: World;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    headers = (await signIn(t.app, w.users.church)).headers;
  });
  afterAll(() => t.close());

  it('shares always sum to each line, credits to the amount, and every entry balances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 5 }), async (lines) => {
        const db = t.database.db;
        const types: OfferingTypeRow[] = [];
        for (const l of lines) types.push(await createOfferingType(db, { institutionId: w.churchA.id, churchBp: l.divisions.church, fieldBp: l.divisions.field, unionBp: l.divisions.union }));
        const entry = receiptEntry({ institutionId: w.churchA.id, lines: lines.map((l, i) => ({ offeringTypeId: types[i]!.id, amount: l.amount })) });
        const [result] = await sync(t.app, 'cash-receipts', headers, [entry]);
        expect(result?.status).toBe('created');

        const total = lines.reduce((sum, l) => sum + l.amount, 0);
        const [stored] = await db.select().from(transactions).where(eq(transactions.clientId, entry.id));
        expect(stored!.amount).toBe(total);
        const [ledger] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, stored!.id));
        const postings = await db.select().from(ledgerLines).where(eq(ledgerLines.entryId, ledger!.id));
        const debits = postings.reduce((sum, p) => sum + p.debit, 0);
        const credits = postings.reduce((sum, p) => sum + p.credit, 0);
        expect(debits).toBe(total);
        expect(credits).toBe(total);
        const target = { church: w.churchA.id, field: w.field.id, union: w.union.id };
        lines.forEach((l, i) => {
          const mine = postings.filter((p) => p.offeringTypeId === types[i]!.id);
          expect(mine.reduce((sum, p) => sum + p.credit, 0)).toBe(l.amount);
          const expected = splitAmount(l.amount, l.divisions);
          for (const share of SHARES) {
            const posting = mine.find((p) => p.account === `share:${share}`);
            // A zero share has no line; otherwise it goes to the right level of the tree.
            if (expected[share] === 0) expect(posting).toBeUndefined();
            else expect(posting).toMatchObject({ credit: expected[share], institutionId: target[share] });
          }
        });
      }),
      { numRuns: 25 },
    );
    await expectEveryEntryBalanced();
  });

  it('a request of many receipts gives each its own balanced entry, split as for a receipt alone', async () => {
    const receipt = fc.array(line, { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.array(receipt, { minLength: 2, maxLength: 30 }), async (receipts) => {
        const db = t.database.db;
        const sent = [];
        for (const lines of receipts) {
          const types: OfferingTypeRow[] = [];
          for (const l of lines) types.push(await createOfferingType(db, { institutionId: w.churchA.id, churchBp: l.divisions.church, fieldBp: l.divisions.field, unionBp: l.divisions.union }));
          sent.push({ lines, types, entry: receiptEntry({ institutionId: w.churchA.id, lines: lines.map((l, i) => ({ offeringTypeId: types[i]!.id, amount: l.amount })) }) });
        }
        const results = await sync(t.app, 'cash-receipts', headers, sent.map((s) => s.entry));
        expect(results.map((r) => r.status)).toEqual(sent.map(() => 'created'));

        const target = { church: w.churchA.id, field: w.field.id, union: w.union.id };
        for (const { lines, types, entry } of sent) {
          const [stored] = await db.select().from(transactions).where(eq(transactions.clientId, entry.id));
          const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, stored!.id));
          expect(entries).toHaveLength(1);
          const postings = await db.select().from(ledgerLines).where(eq(ledgerLines.entryId, entries[0]!.id));
          const total = lines.reduce((sum, l) => sum + l.amount, 0);
          expect(stored!.amount).toBe(total);
          expect(postings.filter((p) => p.debit > 0)).toEqual([expect.objectContaining({ account: 'clearing', institutionId: w.churchA.id, debit: total })]);
          lines.forEach((l, i) => {
            const expected = splitAmount(l.amount, l.divisions);
            const mine = postings.filter((p) => p.offeringTypeId === types[i]!.id);
            expect(mine.map((p) => [p.account, p.institutionId, p.credit]).sort()).toEqual(
              SHARES.filter((share) => expected[share] > 0).map((share) => [`share:${share}`, target[share], expected[share]]).sort(),
            );
          });
        }
      }),
      { numRuns: 10 },
    );
    await expectEveryEntryBalanced();
  });

  /** The books as a whole: every entry balances. */
  async function expectEveryEntryBalanced() {
    const unbalanced = await t.database.db
      .select({ entryId: ledgerLines.entryId })
      .from(ledgerLines)
      .groupBy(ledgerLines.entryId)
      .having(sql`sum(${ledgerLines.debit}) <> sum(${ledgerLines.credit})`);
    expect(unbalanced).toEqual([]);
  }
});
