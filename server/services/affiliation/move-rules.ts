import { eq } from 'drizzle-orm';
import { messages } from '../../../domain/messages';
import type { Descriptor } from '../../../domain/messages-descriptor';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';

export type MoveEnd = { id: number; title: string; code: string; path: string; parentId: number | null; religionId: number; status: string; rank: number; branchId: number | null };

/** One institution with its level's rank: what the move rules compare. */
export async function loadMoveEnd(db: Db, id: number): Promise<MoveEnd | undefined> {
  const [row] = await db
    .select({
      id: institutions.id,
      title: institutions.title,
      code: institutions.code,
      path: institutions.path,
      parentId: institutions.parentId,
      religionId: institutions.religionId,
      status: institutions.status,
      rank: institutionLevels.rank,
      branchId: institutions.branchId,
    })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(eq(institutions.id, id));
  return row;
}

/**
 * Why `institution` may not move under `parent`, or null when it may. Checked when the move is
 * asked for and again when it is approved (the tree may have changed in between). The order
 * gives the most useful message first: a cycle is named as such, not as a wrong level.
 */
export function moveRefusal(institution: MoveEnd, parent: MoveEnd): Descriptor | null {
  if (institution.parentId === null) return messages.affiliationTopLevel;
  if (parent.path.startsWith(institution.path)) return messages.affiliationOwnSubtree;
  if (parent.religionId !== institution.religionId) return messages.affiliationReligion;
  if (parent.rank !== institution.rank - 1) return messages.affiliationParentLevel;
  if (parent.id === institution.parentId) return messages.affiliationSameParent;
  if (parent.status !== 'active') return messages.affiliationParentInactive;
  return null;
}
