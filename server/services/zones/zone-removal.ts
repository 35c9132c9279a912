import { and, count, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Zone, ZoneMoveMembersInput } from '../../../domain/api/zones';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { institutions, zones } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import { AppError, errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { institutionScope } from '../auth/scope';
import { auditChange } from '../reference/audit';
import { requireScopedZone } from './zone-scope';
import { zoneMemberCount } from './zones';

/**
 * Deletes a zone that is empty: no member (deleted members let go of it) and no sub-zone. A zone
 * with people in it is merged or emptied first, so nobody silently loses their zone.
 */
export async function deleteZone(ctx: AppContext, caller: Caller, zoneId: number): Promise<void> {
  const db = ctx.database.db;
  const zone = await requireScopedZone(db, caller.user, zoneId);
  await db.transaction(async (tx) => {
    const [[live], [children]] = await Promise.all([
      tx.select({ n: count() }).from(members).where(and(eq(members.zoneId, zone.id), isNull(members.deletedAt))),
      tx.select({ n: count() }).from(zones).where(eq(zones.parentId, zone.id)),
    ]);
    const memberCount = Number(live?.n ?? 0);
    const childCount = Number(children?.n ?? 0);
    if (memberCount > 0 || childCount > 0) throw new AppError(409, 'zone_not_empty', messages.zoneNotEmpty, { members: memberCount, zones: childCount });
    await tx.update(members).set({ zoneId: null }).where(and(eq(members.zoneId, zone.id), isNotNull(members.deletedAt)));
    await tx.delete(zones).where(eq(zones.id, zone.id));
  });
  await auditChange(ctx, caller, 'zone.deleted', 'zone', zone.id, zone.name);
}

/**
 * Merges a zone into another of the same congregation: its members and sub-zones move across, then
 * it goes. Merging into one of its own sub-zones lifts that sub-zone to the merged zone's place.
 */
export async function mergeZone(ctx: AppContext, caller: Caller, zoneId: number, intoZoneId: number): Promise<Zone> {
  const db = ctx.database.db;
  const zone = await requireScopedZone(db, caller.user, zoneId);
  const into = await requireScopedZone(db, caller.user, intoZoneId).catch(() => null);
  if (!into || into.id === zone.id || into.institutionId !== zone.institutionId) throw errors.badRequest(messages.zoneMergeSelf);
  await db.transaction(async (tx) => {
    await tx.update(members).set({ zoneId: into.id }).where(eq(members.zoneId, zone.id));
    await tx.update(zones).set({ parentId: zone.parentId }).where(and(eq(zones.id, into.id), eq(zones.parentId, zone.id)));
    await tx.update(zones).set({ parentId: into.id }).where(and(eq(zones.parentId, zone.id), ne(zones.id, into.id)));
    await tx.delete(zones).where(eq(zones.id, zone.id));
  });
  await auditChange(ctx, caller, 'zone.merged', 'zone', zone.id, `${zone.name} -> ${into.id}`);
  const [after] = await db.select().from(zones).where(eq(zones.id, into.id));
  return { id: after!.id, institutionId: after!.institutionId, name: after!.name, parentId: after!.parentId, community: after!.community, memberCount: await zoneMemberCount(db, into.id) };
}

/**
 * Moves the chosen members into a zone (or out of every zone). Every member must be a live member
 * of that zone's congregation (of the caller's scope when leaving zones); otherwise nothing moves.
 */
export async function moveMembersToZone(ctx: AppContext, caller: Caller, input: z.output<typeof ZoneMoveMembersInput>): Promise<{ moved: number }> {
  const db = ctx.database.db;
  const ids = [...new Set(input.memberIds)];
  const zone = input.zoneId === null ? null : await requireScopedZone(db, caller.user, input.zoneId).catch(() => null);
  if (input.zoneId !== null && !zone) throw errors.badRequest(messages.zoneParentUnknown);
  const moved = await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: members.id, institutionId: members.institutionId })
      .from(members)
      .innerJoin(institutions, eq(institutions.id, members.institutionId))
      .where(and(inArray(members.id, ids), isNull(members.deletedAt), institutionScope(caller.user)));
    const fits = found.filter((member) => zone === null || member.institutionId === zone.institutionId);
    if (fits.length !== ids.length) throw errors.badRequest(messages.zoneMembersUnknown);
    const updated = await tx.update(members).set({ zoneId: zone?.id ?? null }).where(inArray(members.id, ids)).returning({ id: members.id });
    return updated.length;
  });
  await auditChange(ctx, caller, 'zone.membersMoved', 'zone', zone?.id ?? 0, `${moved} members`);
  return { moved };
}
