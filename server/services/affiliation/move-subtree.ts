import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutionAffiliations, institutions } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import type { MoveEnd } from './move-rules';

/**
 * Re-parents `institution` and rewrites the materialised path of it and every descendant with one
 * UPDATE (the old prefix replaced by the new parent's path), then records the move. The caller's
 * transaction makes the writes one: scoping and reports never see half a subtree moved.
 *
 * The subtree's members are touched (their `updated_at` moves on, by the members trigger) so their
 * rows pass every device cache cursor once more: a device caching the old scope then receives them
 * as removals, one caching the new scope as arrivals (ADR 054, server/services/desk/member-cache.ts).
 */
export async function moveSubtree(
  db: Db,
  institution: MoveEnd,
  parent: MoveEnd,
  record: { requestId: number | null; movedBy: number | null; now: Date },
): Promise<number> {
  const oldPrefix = institution.path;
  const newPrefix = `${parent.path}${institution.id}/`;
  await db.update(institutions).set({ parentId: parent.id }).where(eq(institutions.id, institution.id));
  // Paths hold only digits and slashes, so the prefix is safe in LIKE; substr keeps the tail below the mover.
  const moved = await db
    .update(institutions)
    .set({ path: sql`${newPrefix} || substr(${institutions.path}, ${oldPrefix.length + 1})` })
    .where(sql`${institutions.path} like ${`${oldPrefix}%`}`)
    .returning({ id: institutions.id });
  if (moved.length > 0) {
    await db
      .update(members)
      .set({ updatedAt: sql`now()` })
      .where(
        inArray(
          members.institutionId,
          moved.map((row) => row.id),
        ),
      );
  }
  await db.insert(institutionAffiliations).values({
    institutionId: institution.id,
    fromParentId: institution.parentId,
    toParentId: parent.id,
    requestId: record.requestId,
    movedBy: record.movedBy,
    movedAt: record.now,
  });
  return moved.length;
}
