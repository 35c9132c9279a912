import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { bankAccounts } from '../../server/db/schema/institutions';
import { offeringTypes } from '../../server/db/schema/members';
import { uniqueTag } from '../factories/reference';
import { createWorld, type World } from '../factories/world';
import type { TestApp } from './harness';

/** Shared set-up of the payments tests: a world with offering types and bank accounts, a clock that can travel, givers' phones. */

export type OfferingTypeRow = typeof offeringTypes.$inferSelect;
export type GivingWorld = World & {
  types: { sadaka: OfferingTypeRow; zaka: OfferingTypeRow; sinza: OfferingTypeRow; mosque: OfferingTypeRow };
  accounts: Record<'union' | 'field' | 'churchA' | 'churchB' | 'mosque', number>;
};

async function offeringType(db: Db, institutionId: number, title: string, churchBp: number, fieldBp: number, unionBp: number) {
  const [row] = await db.insert(offeringTypes).values({ institutionId, title, churchBp, fieldBp, unionBp }).returning();
  return row!;
}

async function account(db: Db, institutionId: number, status = 'activated') {
  const [row] = await db
    .insert(bankAccounts)
    .values({ institutionId, accountNumber: `0101${uniqueTag()}`.slice(0, 20), accountName: `ACCOUNT ${institutionId}`, currency: 'TZS', status, isDefault: true })
    .returning({ id: bankAccounts.id });
  return row!.id;
}

/** createWorld plus offering types (with divisions that leave remainders) and an active TZS account for every share holder. */
export async function createGivingWorld(db: Db): Promise<GivingWorld> {
  const w = await createWorld(db);
  const types = {
    sadaka: await offeringType(db, w.churchA.id, 'Sadaka', 6000, 2500, 1500),
    zaka: await offeringType(db, w.churchA.id, 'Zaka', 3333, 3333, 3334),
    sinza: await offeringType(db, w.churchB.id, 'Sadaka', 10000, 0, 0),
    mosque: await offeringType(db, w.mosque.id, 'Sadaqah', 10000, 0, 0),
  };
  const accounts = {
    union: await account(db, w.union.id),
    field: await account(db, w.field.id),
    churchA: await account(db, w.churchA.id),
    churchB: await account(db, w.churchB.id),
    mosque: await account(db, w.mosque.id),
  };
  return { ...w, types, accounts };
}

export async function setAccountStatus(db: Db, accountId: number, status: 'activated' | 'disabled') {
  await db.update(bankAccounts).set({ status }).where(eq(bankAccounts.id, accountId));
}

/** A clock the app reads; `travel` moves it AND every queued job's start time, as if that much time had passed. */
export function testClock(start = new Date()) {
  let offset = 0;
  return {
    now: () => new Date(start.getTime() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

export async function travel(t: TestApp, clock: TestClock, ms: number) {
  clock.advance(ms);
  await t.database.raw.query(`update pgboss.job set start_after = start_after - ($1::text || ' milliseconds')::interval where state in ('created', 'retry')`, [String(ms)]);
}

let phoneSeq = 0;
/**
 * A fresh Tanzanian mobile number whose last digit picks the simulator's behaviour (0 accept,
 * 1 refuse, 2 insufficient funds, 3 no answer, 4 paid without callback, else the handset waits).
 */
export function phoneEnding(digit: number, prefix = '71'): string {
  phoneSeq += 1;
  const middle = String((process.pid * 7919 + phoneSeq * 104_729) % 1_000_000).padStart(6, '0');
  return `+255${prefix}${middle}${digit}`;
}

export type GiveBody = { institutionId: number; phone: string; method: 'mobile' | 'card' | 'bank'; lines: Array<{ offeringTypeId: number; amount: number }>; currency: string; memberId?: number };

export async function give(t: TestApp, body: GiveBody, options: { key?: string; headers?: Record<string, string>; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { 'idempotency-key': options.key ?? randomUUID(), ...options.headers },
    payload: body,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

export const mobileGift = (w: GivingWorld, phone: string, amounts: [number, number] = [1_000_000, 333_300]): GiveBody => ({
  institutionId: w.churchA.id,
  phone,
  method: 'mobile',
  lines: [
    { offeringTypeId: w.types.sadaka.id, amount: amounts[0] },
    { offeringTypeId: w.types.zaka.id, amount: amounts[1] },
  ],
  currency: 'TZS',
});

export async function paymentStatus(t: TestApp, id: string, lang = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: { lang } });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string; reason?: string; reasonCode?: string; receiptNo?: string; amount: number };
}

type Row = Record<string, unknown>;
async function rows(t: Pick<TestApp, 'database'>, text: string, values: unknown[]): Promise<Row[]> {
  return (await t.database.raw.query(text, values)).rows;
}

/**
 * The money invariants of one payment, whatever happened to it:
 * - exactly one final transition was recorded (none while still open);
 * - a ledger entry exists iff it is completed, exactly one, and it balances: debit = amount = fee + shares;
 * - every share was credited at most once, and credits equal the shares when credited.
 */
export async function expectMoneyInvariants(t: Pick<TestApp, 'database'>, paymentId: string) {
  const [payment] = await rows(t, `select status, amount::int as amount, fee::int as fee, credit_status from transactions where id = $1`, [paymentId]);
  expect(payment, `payment ${paymentId}`).toBeDefined();
  const status = String(payment!.status);
  const finals = await rows(t, `select outcome from payment_events where transaction_id = $1 and outcome in ('completed','failed','canceled')`, [paymentId]);
  expect(finals.map((f) => f.outcome)).toEqual(['completed', 'failed', 'canceled'].includes(status) ? [status] : []);
  const entries = await rows(
    t,
    `select e.id, coalesce(sum(l.debit), 0)::int as debit, coalesce(sum(l.credit), 0)::int as credit,
            coalesce(sum(case when l.account like 'share:%' then l.credit else 0 end), 0)::int as shares,
            coalesce(sum(case when l.account = 'fees' then l.credit else 0 end), 0)::int as fees
       from ledger_entries e left join ledger_lines l on l.entry_id = e.id where e.transaction_id = $1 group by e.id`,
    [paymentId],
  );
  if (status === 'completed') {
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry.debit).toBe(payment!.amount);
    expect(entry.credit).toBe(payment!.amount);
    expect(entry.fees).toBe(payment!.fee);
    expect(Number(entry.shares) + Number(entry.fees)).toBe(payment!.amount);
  } else {
    expect(entries).toHaveLength(0);
  }
  const credits = await rows(t, `select share, count(*)::int as n, sum(amount)::int as amount from payment_credits where transaction_id = $1 group by share`, [paymentId]);
  for (const credit of credits) expect(credit.n).toBe(1);
  if (payment!.credit_status === 'credited') {
    expect(credits.reduce((sum, c) => sum + Number(c.amount), 0)).toBe(Number(entries[0]?.shares ?? -1));
  }
  return { status, amount: Number(payment!.amount), fee: Number(payment!.fee), creditStatus: payment!.credit_status as string | null };
}

export async function eventsOf(t: TestApp, paymentId: string) {
  return rows(t, `select source, outcome, detail from payment_events where transaction_id = $1 order by id`, [paymentId]);
}

export async function countRows(t: TestApp, table: 'transactions' | 'ledger_entries', where = 'true'): Promise<number> {
  const [row] = await rows(t, `select count(*)::int as n from ${table} where ${where}`, []);
  return Number(row?.n ?? 0);
}

