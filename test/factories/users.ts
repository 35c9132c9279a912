import type { Db } from '../../server/db/client';
import { users } from '../../server/db/schema/users';
import { hashPassword } from '../../server/services/auth/passwords';
import { nextSeq, uniqueTag } from './reference';
import { roleGroup, type RoleGroupName } from './role-groups';

export const TEST_PASSWORD = 'Strong#Pass1';
export type User = typeof users.$inferSelect & { password: string };

/**
 * A user with a known password. Defaults: an activated bank admin whose password is already
 * changed (tests of the forced change ask for it explicitly).
 */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { role?: RoleGroupName; password?: string } = {},
): Promise<User> {
  const { role = 'Bank Administrator', password = TEST_PASSWORD, ...rest } = overrides;
  const n = nextSeq();
  const tag = uniqueTag();
  const [row] = await db
    .insert(users)
    .values({
      username: `user${tag}`,
      email: `user${tag}@sadaka.example`,
      name: `Test User ${n}`,
      phone: `+2557120${String(n).padStart(5, '0')}`,
      passwordHash: await hashPassword(password),
      userType: role.startsWith('Bank') || role.startsWith('Branch') ? 'bank' : 'entity',
      roleGroupId: await roleGroup(db, role),
      forceChangePassword: false,
      ...rest,
    })
    .returning();
  return { ...row!, password };
}
