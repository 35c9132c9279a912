import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BatchInput, CashReceiptInput, MemberInput, SyncResult } from '../../domain/api/receipts';
import type { Database, Db } from '../../server/db/client';
import { offeringTypes } from '../../server/db/schema/members';
import { currencies } from '../../server/db/schema/reference';
import { nextSeq } from './reference';

export type OfferingTypeRow = typeof offeringTypes.$inferSelect;

/** A currency; TZS unless told otherwise (codes are unique, so call once per code per database). */
export async function createCurrency(db: Db, overrides: Partial<typeof currencies.$inferInsert> = {}) {
  const [row] = await db.insert(currencies).values({ territory: 'Tanzania', alphaCode: 'TZS', numericCode: '834', value: '1.0000', ...overrides }).returning();
  return row!;
}

/** An active offering type split 60/25/15 (church/field/union) unless told otherwise. */
export async function createOfferingType(db: Db, overrides: Partial<typeof offeringTypes.$inferInsert> & { institutionId: number }): Promise<OfferingTypeRow> {
  const [row] = await db
    .insert(offeringTypes)
    .values({ title: `Offering ${nextSeq()}`, churchBp: 6000, fieldBp: 2500, unionBp: 1500, ...overrides })
    .returning();
  return row!;
}

/** A receipt as a device sends it: a walk-in giver and one line of 10,000 TZS unless told otherwise. */
export function receiptEntry(overrides: Partial<CashReceiptInput> & { institutionId: number; lines: CashReceiptInput['lines'] }): CashReceiptInput {
  const giver = overrides.memberId !== undefined || overrides.memberClientId !== undefined ? {} : { payer: { name: 'Asha Mgeni', phone: '+255754000111' } };
  return { id: randomUUID(), currency: 'TZS', receivedAt: '2026-03-15T09:30:00+03:00', method: 'cash', ...giver, ...overrides };
}

/** A member registration as a device sends it. */
export function memberEntry(overrides: Partial<MemberInput> & { institutionId: number; phone: string }): MemberInput {
  return { id: randomUUID(), firstName: 'Neema', lastName: 'Mushi', gender: 'female', preferredLanguage: 'sw', country: 'TZ', ...overrides };
}

export function batchEntry(overrides: Partial<BatchInput> & { institutionId: number }): BatchInput {
  return { id: randomUUID(), name: 'Ibada ya Jumapili', serviceDate: '2026-03-15', currency: 'TZS', closedAt: null, ...overrides };
}

type SyncKind = 'cash-receipts' | 'members' | 'receipt-batches';
const bodyKey: Record<SyncKind, string> = { 'cash-receipts': 'receipts', members: 'members', 'receipt-batches': 'batches' };

/** POSTs entries to a sync route and returns the per-entry results (throws on a non-200). */
export async function sync(app: FastifyInstance, kind: SyncKind, headers: Record<string, string>, entries: unknown[]): Promise<SyncResult[]> {
  const res = await app.inject({ method: 'POST', url: `/api/${kind}/sync`, headers, payload: { [bodyKey[kind]]: entries } });
  if (res.statusCode !== 200) throw new Error(`sync ${kind}: ${res.statusCode} ${res.body}`);
  return (res.json() as { results: SyncResult[] }).results;
}

const COUNTED = ['transactions', 'transaction_lines', 'ledger_entries', 'ledger_lines', 'sms_messages', 'members', 'receipt_batches', 'activity_log'] as const;
export type RowCounts = Record<(typeof COUNTED)[number], number>;

/** Row counts of every table the desk writes, to prove a replay or a refusal wrote nothing. */
export async function countDeskRows(database: Database): Promise<RowCounts> {
  const counts = {} as RowCounts;
  for (const table of COUNTED) {
    const { rows } = await database.raw.query(`select count(*)::int as n from ${table}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
