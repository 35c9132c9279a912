import { and, eq } from 'drizzle-orm';
import { messages } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { institutions, zones } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import { errors } from '../../lib/app-error';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';

export type ZoneRow = typeof zones.$inferSelect;

/**
 * The congregation a zone write is about: the one named (in the caller's scope), or the caller's own
 * institution. Zones exist only where members are kept (a church or mosque), never on a union.
 */
export async function requireZoneCongregation(db: Db, user: AuthUser, institutionId: number | undefined): Promise<number> {
  const id = institutionId ?? user.institutionId;
  if (id === null || id === undefined) throw errors.badRequest(messages.zoneNeedsCongregation);
  const [row] = await db
    .select({ id: institutions.id, holdsMembers: institutionLevels.holdsMembers })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(and(eq(institutions.id, id), institutionScope(user)));
  // Out of scope looks like unknown: nothing is said about another tenant's institutions.
  if (!row) throw errors.forbidden();
  if (!row.holdsMembers) throw errors.badRequest(messages.zoneNeedsCongregation);
  return row.id;
}

/** A zone whose congregation the caller sees, else 404 (unknown and out of scope look the same). */
export async function requireScopedZone(db: Db, user: AuthUser, zoneId: number): Promise<ZoneRow> {
  const [row] = await db
    .select({ zone: zones })
    .from(zones)
    .innerJoin(institutions, eq(institutions.id, zones.institutionId))
    .where(and(eq(zones.id, zoneId), institutionScope(user)));
  if (!row) throw errors.notFound();
  return row.zone;
}

/**
 * Checks a new parent for `zoneId` (null for a new zone): same congregation, and not the zone itself
 * or one of its descendants, which would cut the branch off the tree.
 */
export async function checkZoneParent(db: Db, institutionId: number, zoneId: number | null, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const family = await db.select({ id: zones.id, parentId: zones.parentId }).from(zones).where(eq(zones.institutionId, institutionId));
  const parentOf = new Map(family.map((zone) => [zone.id, zone.parentId]));
  if (!parentOf.has(parentId)) throw errors.badRequest(messages.zoneParentUnknown);
  if (zoneId === null) return;
  // Walk up from the new parent; meeting the zone itself means a cycle. The walk is bounded by the family's size.
  for (let at: number | null | undefined = parentId, steps = 0; at != null && steps <= family.length; at = parentOf.get(at), steps++) {
    if (at === zoneId) throw errors.badRequest(messages.zoneParentCycle);
  }
}
