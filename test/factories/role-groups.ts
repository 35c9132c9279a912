import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { roleGroupFeatures, roleGroups } from '../../server/db/schema/users';
import { roleGroupSeeds } from '../../server/db/seed/role-groups';

export type RoleGroupName = (typeof roleGroupSeeds)[number]['name'];

/** The demo role group of that name (from server/db/seed/role-groups.ts), created on first use. */
export async function roleGroup(db: Db, name: RoleGroupName): Promise<number> {
  const [existing] = await db.select({ id: roleGroups.id }).from(roleGroups).where(eq(roleGroups.name, name));
  if (existing) return existing.id;
  const seed = roleGroupSeeds.find((candidate) => candidate.name === name);
  if (!seed) throw new Error(`No role group seed named ${name}`);
  const [row] = await db
    .insert(roleGroups)
    .values({ name: seed.name, userType: seed.userType, locationLevel: seed.locationLevel, makerChecker: seed.makerChecker })
    .returning({ id: roleGroups.id });
  const features = Object.entries(seed.grants).map(([feature, actions]) => ({ roleGroupId: row!.id, feature, actions: [...(actions ?? [])] }));
  if (features.length > 0) await db.insert(roleGroupFeatures).values(features);
  return row!.id;
}
