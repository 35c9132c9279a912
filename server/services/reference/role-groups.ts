import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RoleGroupInput, RoleGroupItem, RoleGroupPatch } from '../../../domain/api/back-office-reference';
import { ACTIONS, type Action, FEATURES, type Feature } from '../../../domain/permissions';
import type { AppContext } from '../../context';
import { roleGroupFeatures, roleGroups, users } from '../../db/schema/users';
import { errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { auditChange, uniqueOr409 } from './audit';

/** Role groups with the features and actions they grant; the menu and every route check read the same rows. */
export async function listRoleGroups(ctx: AppContext): Promise<{ data: RoleGroupItem[] }> {
  const db = ctx.database.db;
  const groups = await db.select().from(roleGroups).orderBy(asc(roleGroups.id));
  const grants = await db.select().from(roleGroupFeatures);
  const members = await db.select({ roleGroupId: users.roleGroupId, n: count() }).from(users).groupBy(users.roleGroupId);
  return {
    data: groups.map((group) => ({
      id: group.id,
      name: group.name,
      userType: group.userType === 'bank' ? 'bank' : 'entity',
      locationLevel: group.locationLevel,
      makerChecker: group.makerChecker,
      features: FEATURES.flatMap((feature) => {
        const row = grants.find((g) => g.roleGroupId === group.id && g.feature === feature);
        const actions = (row?.actions ?? []).filter((a): a is Action => (ACTIONS as readonly string[]).includes(a));
        return actions.length > 0 ? [{ feature, actions }] : [];
      }),
      userCount: members.find((m) => m.roleGroupId === group.id)?.n ?? 0,
    })),
  };
}

type Grants = Array<{ feature: Feature; actions: Action[] }>;

async function replaceGrants(db: AppContext['database']['db'], roleGroupId: number, features: Grants) {
  await db.delete(roleGroupFeatures).where(eq(roleGroupFeatures.roleGroupId, roleGroupId));
  const rows = features.filter((f) => f.actions.length > 0).map((f) => ({ roleGroupId, feature: f.feature, actions: [...new Set(f.actions)] }));
  if (rows.length > 0) await db.insert(roleGroupFeatures).values(rows);
}

export async function createRoleGroup(ctx: AppContext, caller: Caller, input: z.output<typeof RoleGroupInput>): Promise<RoleGroupItem> {
  const id = await uniqueOr409(
    caller,
    () =>
      ctx.database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(roleGroups)
          .values({ name: input.name, userType: input.userType, locationLevel: input.locationLevel, makerChecker: input.makerChecker, createdAt: ctx.now() })
          .returning({ id: roleGroups.id });
        await replaceGrants(tx, row!.id, input.features);
        return row!.id;
      }),
    'name',
  );
  await auditChange(ctx, caller, 'role_group.created', 'role_group', id, input.name);
  return (await listRoleGroups(ctx)).data.find((g) => g.id === id)!;
}

export async function updateRoleGroup(ctx: AppContext, caller: Caller, id: number, input: z.output<typeof RoleGroupPatch>): Promise<RoleGroupItem> {
  const { features, ...fields } = input;
  await uniqueOr409(
    caller,
    () =>
      ctx.database.db.transaction(async (tx) => {
        const [row] = await tx.select({ id: roleGroups.id }).from(roleGroups).where(eq(roleGroups.id, id));
        if (!row) throw errors.notFound();
        if (Object.keys(fields).length > 0) await tx.update(roleGroups).set(fields).where(eq(roleGroups.id, id));
        if (features) await replaceGrants(tx, id, features);
      }),
    'name',
  );
  await auditChange(ctx, caller, 'role_group.updated', 'role_group', id, Object.keys(input).join(','));
  return (await listRoleGroups(ctx)).data.find((g) => g.id === id)!;
}
