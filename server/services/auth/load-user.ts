import { eq } from 'drizzle-orm';
import { ACTIONS, type Action, FEATURES, type Feature, type Grants, ROLE_KINDS, type RoleKind } from '../../../domain/permissions';
import type { Db } from '../../db/client';
import { institutionLevels } from '../../db/schema/reference';
import { institutions } from '../../db/schema/institutions';
import { roleGroupFeatures, users } from '../../db/schema/users';
import { DEFAULT_TIME_ZONE } from '../../../domain/calendar';
import type { AuthUser } from './auth-user';

export type UserRow = typeof users.$inferSelect;

/** Grants of a role group as the domain types them; unknown features or actions in the table are ignored. */
export async function loadGrants(db: Db, roleGroupId: number): Promise<Grants> {
  return grantsOf(await db.select().from(roleGroupFeatures).where(eq(roleGroupFeatures.roleGroupId, roleGroupId)));
}

/** Rows of `role_group_features` as the domain's Grants. */
export function grantsOf(rows: ReadonlyArray<{ feature: string; actions: readonly string[] }>): Grants {
  const grants: Grants = {};
  for (const row of rows) {
    if (!(FEATURES as readonly string[]).includes(row.feature)) continue;
    grants[row.feature as Feature] = row.actions.filter((a): a is Action => (ACTIONS as readonly string[]).includes(a));
  }
  return grants;
}

export type InstitutionInfo = { path: string; religionId: number; timeZone: string; levelCode: string; levelRank: number; holdsMembers: boolean };

async function loadInstitution(db: Db, institutionId: number): Promise<InstitutionInfo | null> {
  const [row] = await db
    .select({
      path: institutions.path,
      religionId: institutions.religionId,
      timeZone: institutions.timeZone,
      levelCode: institutionLevels.code,
      levelRank: institutionLevels.rank,
      holdsMembers: institutionLevels.holdsMembers,
    })
    .from(institutions)
    .innerJoin(institutionLevels, eq(institutionLevels.id, institutions.levelId))
    .where(eq(institutions.id, institutionId));
  return row ?? null;
}

/** Levels are configured per religion; anything not named like a known kind maps by its place in the tree. */
function roleKindOf(user: AuthUserRow, institution: InstitutionInfo | null): RoleKind {
  if (user.userType === 'bank') return user.branchId === null ? 'admin' : 'branch';
  const code = institution?.levelCode ?? '';
  if ((ROLE_KINDS as readonly string[]).includes(code) && code !== 'admin' && code !== 'branch') return code as RoleKind;
  if (institution?.levelRank === 1) return 'union';
  return institution?.holdsMembers ? 'church' : 'district';
}

/** The AuthUser for a user row, or null when the row cannot act (disabled, deleted, entity without institution). */
export async function toAuthUser(db: Db, user: UserRow): Promise<AuthUser | null> {
  if (user.status !== 'activated' || user.deletedAt) return null;
  const institution = user.institutionId === null ? null : await loadInstitution(db, user.institutionId);
  return authUserOf(user, institution, await loadGrants(db, user.roleGroupId));
}

/** The fields of a user row that make an AuthUser. */
export type AuthUserRow = Pick<
  UserRow,
  'id' | 'username' | 'name' | 'userType' | 'branchId' | 'institutionId' | 'activeReligionId' | 'status' | 'deletedAt' | 'forceChangePassword' | 'totpEnabled'
>;

/** The AuthUser from its already-read parts (one query in resolveSession), or null when the user cannot act. */
export function authUserOf(user: AuthUserRow, institution: InstitutionInfo | null, grants: Grants): AuthUser | null {
  if (user.status !== 'activated' || user.deletedAt) return null;
  if (user.userType === 'entity' && !institution) return null;
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    userType: user.userType === 'bank' ? 'bank' : 'entity',
    roleKind: roleKindOf(user, institution),
    branchId: user.branchId,
    institutionId: user.institutionId,
    institutionPath: institution?.path ?? null,
    timeZone: institution?.timeZone ?? DEFAULT_TIME_ZONE,
    religionId: user.userType === 'bank' ? user.activeReligionId : (institution?.religionId ?? null),
    grants,
    forceChangePassword: user.forceChangePassword,
    totpEnabled: user.totpEnabled,
  };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
