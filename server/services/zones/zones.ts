import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Zone, ZoneInput, ZonePatch } from '../../../domain/api/zones';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { institutions, zones } from '../../db/schema/institutions';
import { members } from '../../db/schema/members';
import type { Caller } from '../approvals/decide-request';
import type { AuthUser } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import { requireScopedInstitution } from '../desk/desk-access';
import { auditChange, uniqueOr409 } from '../reference/audit';
import { checkZoneParent, requireScopedZone, requireZoneCongregation, type ZoneRow } from './zone-scope';

/**
 * Zones of one congregation (checked against the caller's scope), or, without one, of every
 * institution the caller sees: a treasurer's church, a union's churches. Sorted by name so a
 * tree built from the list is stable.
 */
export async function listZones(db: Db, user: AuthUser, institutionId: number | undefined): Promise<Zone[]> {
  let where: SQL;
  if (institutionId !== undefined) {
    await requireScopedInstitution(db, user, institutionId);
    where = eq(zones.institutionId, institutionId);
  } else {
    where = institutionScope(user);
  }
  const counts = db
    .select({ zoneId: members.zoneId, memberCount: count().as('member_count') })
    .from(members)
    .where(isNull(members.deletedAt))
    .groupBy(members.zoneId)
    .as('zone_counts');
  const rows = await db
    .select({ zone: zones, memberCount: counts.memberCount })
    .from(zones)
    .innerJoin(institutions, eq(institutions.id, zones.institutionId))
    .leftJoin(counts, eq(counts.zoneId, zones.id))
    .where(where)
    .orderBy(asc(zones.institutionId), asc(zones.name), asc(zones.id));
  return rows.map((row) => toZone(row.zone, Number(row.memberCount ?? 0)));
}

export async function createZone(ctx: AppContext, caller: Caller, input: z.output<typeof ZoneInput>): Promise<Zone> {
  const db = ctx.database.db;
  const institutionId = await requireZoneCongregation(db, caller.user, input.institutionId);
  const parentId = input.parentId ?? null;
  await checkZoneParent(db, institutionId, null, parentId);
  const [row] = await uniqueOr409(
    caller,
    () => db.insert(zones).values({ institutionId, name: input.name, parentId, community: blankToNull(input.community), createdAt: ctx.now() }).returning(),
    'name',
  );
  await auditChange(ctx, caller, 'zone.created', 'zone', row!.id, input.name);
  return toZone(row!, 0);
}

/** Rename, move under another parent (never into its own branch) or change the community. */
export async function updateZone(ctx: AppContext, caller: Caller, zoneId: number, patch: z.output<typeof ZonePatch>): Promise<Zone> {
  const db = ctx.database.db;
  const zone = await requireScopedZone(db, caller.user, zoneId);
  if (patch.parentId !== undefined) await checkZoneParent(db, zone.institutionId, zone.id, patch.parentId);
  const changes = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.parentId !== undefined ? { parentId: patch.parentId } : {}),
    ...(patch.community !== undefined ? { community: blankToNull(patch.community) } : {}),
  };
  const [row] = await uniqueOr409(caller, () => db.update(zones).set(changes).where(eq(zones.id, zone.id)).returning(), 'name');
  await auditChange(ctx, caller, 'zone.updated', 'zone', zone.id, Object.keys(changes).join(','));
  return toZone(row!, await zoneMemberCount(db, zone.id));
}

export async function zoneMemberCount(db: Db, zoneId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(members).where(and(eq(members.zoneId, zoneId), isNull(members.deletedAt)));
  return Number(row?.n ?? 0);
}

function toZone(row: ZoneRow, memberCount: number): Zone {
  return { id: row.id, institutionId: row.institutionId, name: row.name, parentId: row.parentId, community: row.community, memberCount };
}

function blankToNull(value: string | null | undefined): string | null {
  return value && value.length > 0 ? value : null;
}
