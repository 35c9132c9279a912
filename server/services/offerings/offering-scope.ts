import { and, count, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { institutions } from '../../db/schema/institutions';
import { offeringTypes } from '../../db/schema/members';
import { institutionLevels } from '../../db/schema/reference';
import { AppError, errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

export type OfferingOwner = {
  id: number;
  title: string;
  path: string;
  /** Defines its own types: a union, field or district always; a congregation when it self-manages (or has nobody above it). */
  manages: boolean;
  managedBy: { id: number; title: string } | null;
};

/** Ids in a materialised path, top first ("/1/4/9/" → [1, 4, 9]). */
export const pathIds = (path: string) => path.split('/').filter(Boolean).map(Number);

/**
 * The institution whose offering types are asked about (the caller's own by default), in the
 * caller's scope or a 403 that says nothing about whether it exists; and whether it manages them.
 */
export async function offeringOwner(db: Db, user: AuthUser, institutionId: number | undefined): Promise<OfferingOwner> {
  const id = institutionId ?? user.institutionId;
  if (id === null || id === undefined) throw errors.forbidden();
  const [row] = await db
    .select({
      id: institutions.id,
      title: institutions.title,
      path: institutions.path,
      parentId: institutions.parentId,
      selfManage: institutions.selfManageOfferings,
      holdsMembers: institutionLevels.holdsMembers,
    })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(and(eq(institutions.id, id), institutionScope(user)));
  if (!row) throw errors.forbidden();
  const manages = !row.holdsMembers || row.selfManage || row.parentId === null;
  return { id: row.id, title: row.title, path: row.path, manages, managedBy: manages ? null : await definingAncestor(db, row.path, row.id) };
}

/** The nearest institution above that defines types (else the top of the tree): where a church's types come from. */
async function definingAncestor(db: Db, path: string, selfId: number): Promise<{ id: number; title: string } | null> {
  const ancestors = pathIds(path).filter((id) => id !== selfId);
  if (ancestors.length === 0) return null;
  const defining = await db
    .select({ institutionId: offeringTypes.institutionId, n: count() })
    .from(offeringTypes)
    .where(inArray(offeringTypes.institutionId, ancestors))
    .groupBy(offeringTypes.institutionId);
  const withTypes = new Set(defining.map((row) => row.institutionId));
  const chosen = [...ancestors].reverse().find((id) => withTypes.has(id)) ?? ancestors[0]!;
  const [found] = await db.select({ id: institutions.id, title: institutions.title }).from(institutions).where(eq(institutions.id, chosen));
  return found ?? null;
}

/** Writes are refused where the types are inherited: the spec's "offering management per level". */
export function requireManages(owner: OfferingOwner): void {
  if (!owner.manages) throw new AppError(409, 'offerings_inherited', messages.offeringsInherited, { parent: owner.managedBy?.title ?? '' });
}
