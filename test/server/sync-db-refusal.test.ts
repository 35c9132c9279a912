import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchEntry, countDeskRows, createCurrency, createOfferingType, memberEntry, type OfferingTypeRow, receiptEntry, sync } from '../factories/desk';
import { signIn } from '../factories/sign-in';
import { createWorld, type World } from '../factories/world';
import { createTestApp, type TestApp } from './harness';

/**
 * Issue 10, faults: an entry the DATABASE refuses (a constraint or trigger no schema check can see)
 * used to fail the whole sync request after earlier entries were saved, so an outbox resending the
 * batch failed forever. A trigger installed here raises for chosen ids only, on the three tables
 * the syncs write; every other entry must be stored and the refused one answered on its own.
 */
describe('sync answers an entry the database refuses on its own; its neighbours are stored', () => {
  let t: TestApp;
  let w: World;
  let tithe: OfferingTypeRow;
  let treasurer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    await createCurrency(t.database.db);
    tithe = await createOfferingType(t.database.db, { institutionId: w.churchA.id, title: 'Zaka' });
    treasurer = { ...(await signIn(t.app, w.users.church)).headers, lang: 'en' };
    await t.database.raw.exec(`
      create table test_refused_ids (id uuid primary key);
      create function test_refuse_by_id() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from test_refused_ids where id = (to_jsonb(new) ->> tg_argv[0])::uuid) then
          raise exception 'refused by the test trigger';
        end if;
        return new;
      end $$;
      create trigger test_refuse_receipt before insert on transactions for each row execute function test_refuse_by_id('client_id');
      create trigger test_refuse_member before insert on members for each row execute function test_refuse_by_id('client_id');
      create trigger test_refuse_batch before insert on receipt_batches for each row execute function test_refuse_by_id('id');
    `);
  });
  afterAll(() => t.close());

  const refuse = (id: string) => t.database.raw.query('insert into test_refused_ids (id) values ($1)', [id]);
  const accept = (id: string) => t.database.raw.query('delete from test_refused_ids where id = $1', [id]);
  const stored = async (table: string, column: string, ids: string[]) =>
    (await t.database.raw.query(`select ${column}::text as id from ${table} where ${column} = any($1::uuid[]) order by 1`, [ids])).rows.map((r) => r.id);

  /** Three entries, the middle one refused: stored, answered, resent idempotently, then accepted. */
  async function proveFor(
    kind: 'cash-receipts' | 'members' | 'receipt-batches',
    entries: Array<{ id: string }>,
    table: string,
    column: string,
    stored201: string,
    written: Partial<Record<keyof Awaited<ReturnType<typeof countDeskRows>>, number>>,
  ) {
    const [first, bad, last] = entries as [{ id: string }, { id: string }, { id: string }];
    await refuse(bad.id);
    const start = await countDeskRows(t.database);
    const results = await sync(t.app, kind, treasurer, entries);
    const end = await countDeskRows(t.database);
    // Exactly the two neighbours' rows: nothing of the refused entry (its transaction rolled back).
    for (const [name, count] of Object.entries(written)) expect(end[name as keyof typeof end] - start[name as keyof typeof start], name).toBe(count);
    expect(results.map((r) => [r.id, r.status])).toEqual([
      [first.id, stored201],
      [bad.id, 'rejected'],
      [last.id, stored201],
    ]);
    expect(results[1]).toMatchObject({
      code: 'refused',
      message: 'The server could not store this entry as it is; sending it again unchanged will not help. Check what it contains.',
    });
    expect(await stored(table, column, entries.map((e) => e.id))).toEqual([first.id, last.id].sort());

    // The outbox sends the same batch again: nothing new is written, the answers are the same kind.
    const before = await countDeskRows(t.database);
    const again = await sync(t.app, kind, { ...treasurer, lang: 'sw' }, entries);
    expect(again.map((r) => r.status)).toEqual(['duplicate', 'rejected', 'duplicate']);
    expect(again[1]!.message).toBe('Seva haikuweza kuhifadhi ingizo hili kama lilivyo; kulituma tena bila kubadilisha hakutasaidia. Angalia kilichomo.');
    const after = await countDeskRows(t.database);
    expect({ ...after, activity_log: 0 }).toEqual({ ...before, activity_log: 0 });

    // Once the database takes it (the constraint was the problem, now lifted), it is stored like any other.
    await accept(bad.id);
    expect((await sync(t.app, kind, treasurer, entries)).map((r) => r.status)).toEqual(['duplicate', stored201, 'duplicate']);
    expect(await stored(table, column, entries.map((e) => e.id))).toHaveLength(3);
  }

  it('cash-receipts/sync: the refused receipt is rejected (no rows, no SMS), the others are stored once with their SMS', async () => {
    const receipt = (phone: string) => receiptEntry({ institutionId: w.churchA.id, lines: [{ offeringTypeId: tithe.id, amount: 1500 }], payer: { name: 'Mgeni', phone } });
    await proveFor('cash-receipts', [receipt('+255754100301'), receipt('+255754100302'), receipt('+255754100303')], 'transactions', 'client_id', 'created', { transactions: 2, transaction_lines: 2, sms_messages: 2 });
  });

  it('members/sync: the refused registration is rejected, the others are registered', async () => {
    const entries = ['+255754100401', '+255754100402', '+255754100403'].map((phone) => memberEntry({ institutionId: w.churchA.id, phone }));
    await proveFor('members', entries, 'members', 'client_id', 'created', { members: 2 });
  });

  it('receipt-batches/sync: the refused batch is rejected, the others are opened', async () => {
    const entries = ['Asubuhi', 'Mchana', 'Jioni'].map((name) => batchEntry({ institutionId: w.churchA.id, name }));
    await proveFor('receipt-batches', entries, 'receipt_batches', 'id', 'created', { receipt_batches: 2 });
  });

  it('an error a retry may cure still fails the request (503 or 500), never a silent rejection', async () => {
    // A serialization failure is transient: the outbox must send the entry again, so it is not `rejected`.
    await t.database.raw.exec(`
      create function test_transient() returns trigger language plpgsql as $$
      begin raise exception 'try again' using errcode = 'serialization_failure'; end $$;
      create trigger test_transient before insert on receipt_batches for each row execute function test_transient();
    `);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/receipt-batches/sync', headers: treasurer, payload: { batches: [batchEntry({ institutionId: w.churchA.id })] } });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.database.raw.exec('drop trigger test_transient on receipt_batches');
    }
  });
});
