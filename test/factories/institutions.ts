import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { institutions } from '../../server/db/schema/institutions';
import { uniqueTag } from './reference';
import type { World } from './world';

export type Institution = typeof institutions.$inferSelect;

/** An institution under `parent` (or a root), with its materialised path set as the server expects ("/1/4/9/"). */
export async function createInstitution(
  db: Db,
  input: Partial<typeof institutions.$inferInsert> & { religionId: number; levelId: number; parent?: Institution | null },
): Promise<Institution> {
  const { parent, ...overrides } = input;
  const n = uniqueTag();
  const [row] = await db
    .insert(institutions)
    .values({ title: `Institution ${n}`, code: `INST-${n}`, parentId: parent?.id ?? null, branchId: parent?.branchId ?? null, ...overrides })
    .returning();
  const path = `${parent?.path ?? '/'}${row!.id}/`;
  const [updated] = await db.update(institutions).set({ path }).where(eq(institutions.id, row!.id)).returning();
  return updated!;
}

/**
 * The world's Sinza (churchB) moves between the district and directly under the field (ADR 052), one
 * step each call: the read models' property tests use it as the affiliation move whose history must follow.
 */
export async function moveSinza(db: Db, w: Pick<World, 'churchB' | 'district' | 'field'>): Promise<void> {
  const [b] = await db.select().from(institutions).where(eq(institutions.id, w.churchB.id));
  const parent = b!.parentId === w.district.id ? w.field : w.district;
  await db.update(institutions).set({ parentId: parent.id, path: `${parent.path}${b!.id}/` }).where(eq(institutions.id, b!.id));
}
