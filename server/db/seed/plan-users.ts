import { hashPassword } from '../../services/auth/passwords';
import type * as s from '../schema/index';
import { DEMO_TOTP_SECRET, demoUsers } from './demo-users';
import type { Row, StructurePlan } from './plan-types';
import { roleGroupSeeds } from './role-groups';

export type UsersPlan = {
  roleGroups: Array<Row<typeof s.roleGroups>>;
  features: Array<Row<typeof s.roleGroupFeatures>>;
  users: Array<Row<typeof s.users>>;
  userIdByName: Record<string, number>;
};

/** Role groups with their features, and the demo users (argon2id hashes of DEMO_PASSWORD). */
export async function planUsers(structure: StructurePlan, demoPassword: string, now: Date): Promise<UsersPlan> {
  const roleGroups = roleGroupSeeds.map((group, index) => ({
    id: index + 1,
    name: group.name,
    userType: group.userType,
    locationLevel: group.locationLevel,
    makerChecker: group.makerChecker,
    createdAt: now,
  }));
  const features = roleGroupSeeds.flatMap((group, index) =>
    Object.entries(group.grants).map(([feature, actions]) => ({ roleGroupId: index + 1, feature, actions: [...(actions ?? [])] })),
  );
  const groupId = (name: string) => roleGroups.find((group) => group.name === name)!.id;
  const hashes = await Promise.all(demoUsers.map(() => hashPassword(demoPassword)));
  const christianId = structure.religionIdByCode.christian!;
  const userIdByName: Record<string, number> = {};
  const users = demoUsers.map((user, index) => {
    const id = index + 1;
    userIdByName[user.username] = id;
    const bank = user.role === 'Bank Administrator' || user.role === 'Branch Officer';
    return {
      id,
      username: user.username,
      email: user.email,
      name: user.name,
      phone: user.phone,
      passwordHash: hashes[index]!,
      userType: bank ? 'bank' : 'entity',
      roleGroupId: groupId(user.role),
      branchId: user.branch ? structure.branchIdByCode[user.branch]! : null,
      institutionId: user.institution ? structure.institutionIdByCode[user.institution]! : null,
      activeReligionId: bank ? christianId : null,
      status: 'activated',
      forceChangePassword: user.forceChangePassword,
      totpSecret: user.totp ? DEMO_TOTP_SECRET : null,
      totpEnabled: user.totp,
      preferredLanguage: 'sw',
      passwordChangedAt: user.forceChangePassword ? null : now,
      createdAt: now,
    } satisfies Row<typeof s.users>;
  });
  // Each institution a demo user runs names them as its default user.
  for (const user of users) {
    const institution = structure.institutions.find((row) => row.id === user.institutionId);
    if (institution && institution.defaultUserId == null) institution.defaultUserId = user.id;
  }
  return { roleGroups, features, users, userIdByName };
}
