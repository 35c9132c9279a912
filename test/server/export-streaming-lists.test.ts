import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../domain/csv-table';
import { members, pledges } from '../../server/db/schema/members';
import { transactions } from '../../server/db/schema/money';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

// ADR 060 (stop 23): the cash-receipt, pledge and member exports read every matching row in keyset
// batches, as the transactions export does, instead of loading up to 50,000 rows at once. The batch
// is 7 rows here, and many rows tie on the sort's first column, so only a key that carries the id
// (and the full-precision time) crosses the batches without losing or repeating a row.
const BATCH = 7;
const RECEIPTS = 40;
const MEMBERS = 30;
const PLEDGES = 25;

describe('cash receipts, pledges and members exports stream every row in keyset batches', () => {
  let t: TestApp;
  let w: World;
  let headers: Record<string, string>;
  const memberCodes: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { EXPORT_BATCH_ROWS: String(BATCH) } });
    w = await createWorld(t.database.db);
    headers = { ...(await signIn(t.app, w.users.church)).headers, lang: 'en' };
    const db = t.database.db;
    // One statement: every receipt gets the same received_at, to the microsecond (now()).
    await db.insert(transactions).values(
      Array.from({ length: RECEIPTS }, (_, i) => ({
        id: randomUUID(),
        institutionId: w.churchA.id,
        method: 'cash',
        status: 'completed',
        amount: 1_000 + i,
        currency: 'TZS',
        referenceNo: `RCPT-STREAM-${i}`,
        receiptNo: `S${String(i).padStart(3, '0')}`,
        payerName: `Giver ${i}`,
        receivedAt: new Date(),
      })),
    );
    // Every third member has the same name: only the id orders them.
    const inserted = await db
      .insert(members)
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          institutionId: w.churchA.id,
          code: `STR${String(i).padStart(3, '0')}`,
          firstName: i % 3 === 0 ? 'Amani' : `Neema${String(i).padStart(2, '0')}`,
          lastName: 'Mushi',
          phone: `+2557139${String(i).padStart(5, '0')}`,
        })),
      )
      .returning({ id: members.id, code: members.code });
    memberCodes.push(...inserted.map((m) => m.code));
    const due = new Date('2027-03-01T09:00:00.123456Z');
    await db.insert(pledges).values(Array.from({ length: PLEDGES }, (_, i) => ({ institutionId: w.churchA.id, memberId: inserted[i % MEMBERS]!.id, total: 5_000 + i, dueDate: i < 15 ? due : new Date(due.getTime() + i * 86_400_000) })));
  });
  afterAll(() => t.close());

  const recordsOf = (text: string) => {
    const [head = [], ...rows] = parseCsv(text).filter((row) => row.some((cell) => cell !== ''));
    return rows.map((row) => Object.fromEntries(head.map((name, i) => [name, row[i] ?? ''])));
  };
  const csv = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return { count: Number(res.headers['x-export-count']), included: Number(res.headers['x-export-included']), records: recordsOf(res.body) };
  };

  it('cash receipts: every receipt once across the batches, the count sent ahead', async () => {
    const { count, included, records } = await csv('/api/cash-receipts/export?format=csv');
    expect(count).toBe(RECEIPTS);
    expect(included).toBe(RECEIPTS);
    const numbers = records.map((r) => r['Receipt number']);
    expect(new Set(numbers).size).toBe(RECEIPTS);
    expect([...numbers].sort()).toEqual(Array.from({ length: RECEIPTS }, (_, i) => `S${String(i).padStart(3, '0')}`));
  });

  it('pledges: every pledge once, soonest due first, ties on the due moment crossed by id', async () => {
    const { count, records } = await csv('/api/pledges/export?format=csv');
    expect(count).toBe(PLEDGES);
    expect(records).toHaveLength(PLEDGES);
    const totals = records.map((r) => r['Pledged']);
    expect(new Set(totals).size).toBe(PLEDGES);
    const days = records.map((r) => r['Due date']!);
    expect([...days].sort()).toEqual(days);
  });

  it('members: every member once in name order, same names crossed by id', async () => {
    const { count, records } = await csv('/api/members/export?format=csv');
    expect(count).toBe(MEMBERS);
    const codes = records.map((r) => r['code']!);
    expect(codes).toHaveLength(MEMBERS);
    expect([...codes].sort()).toEqual([...memberCodes].sort());
    const names = records.map((r) => `${r['firstName']} ${r['lastName']}`.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });
});
