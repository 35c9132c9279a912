import type { Db } from '../../server/db/client';
import { bankBranches, institutionLevels, religions } from '../../server/db/schema/reference';

import { randomBytes } from 'node:crypto';

let seq = 0;
/** A per-process prefix too, so test files sharing one PostgreSQL database do not collide. */
const run = randomBytes(3).toString('hex');
/** Unique suffixes so factories can be called any number of times in one database. */
export const nextSeq = () => ++seq;
export const uniqueTag = () => `${run}${nextSeq()}`;

export type Religion = typeof religions.$inferSelect;
export type Level = typeof institutionLevels.$inferSelect;
export type Branch = typeof bankBranches.$inferSelect;

export async function createReligion(db: Db, overrides: Partial<typeof religions.$inferInsert> = {}): Promise<Religion> {
  const n = uniqueTag();
  const [row] = await db
    .insert(religions)
    .values({ code: `religion-${n}`, nameEn: `Religion ${n}`, nameSw: `Dini ${n}`, ...overrides })
    .returning();
  return row!;
}

export async function createLevel(db: Db, overrides: Partial<typeof institutionLevels.$inferInsert> & { religionId: number; rank: number; code: string }): Promise<Level> {
  const [row] = await db
    .insert(institutionLevels)
    .values({ nameEn: overrides.code, nameSw: overrides.code, holdsMembers: false, ...overrides })
    .returning();
  return row!;
}

export async function createBranch(db: Db, overrides: Partial<typeof bankBranches.$inferInsert> = {}): Promise<Branch> {
  const n = uniqueTag();
  const [row] = await db.insert(bankBranches).values({ name: `Branch ${n}`, shortCode: `B${n}`, region: 'Dar es Salaam', ...overrides }).returning();
  return row!;
}
