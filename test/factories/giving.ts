import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/client';
import { members } from '../../server/db/schema/members';
import { transactions } from '../../server/db/schema/money';
import { nextSeq, uniqueTag } from './reference';

export type Member = typeof members.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;

export async function createMember(db: Db, overrides: Partial<typeof members.$inferInsert> & { institutionId: number }): Promise<Member> {
  const n = nextSeq();
  const [row] = await db
    .insert(members)
    .values({ code: `M${n}`, firstName: `Given${n}`, lastName: `Family${n}`, phone: `+2557130${String(n).padStart(5, '0')}`, ...overrides })
    .returning();
  return row!;
}

/** A completed mobile payment of 10,000 TZS unless told otherwise. */
export async function createTransaction(db: Db, overrides: Partial<typeof transactions.$inferInsert> & { institutionId: number }): Promise<Transaction> {
  const n = nextSeq();
  const [row] = await db
    .insert(transactions)
    .values({
      id: randomUUID(),
      method: 'mobile',
      status: 'completed',
      amount: 10_000,
      currency: 'TZS',
      referenceNo: `REF${uniqueTag()}`,
      trxId: `TRX${String(n).padStart(8, '0')}`,
      // A row made at a moment was received then too, unless told otherwise (the list's days are received days).
      ...(overrides.createdAt ? { receivedAt: overrides.createdAt } : {}),
      ...overrides,
    })
    .returning();
  return row!;
}
