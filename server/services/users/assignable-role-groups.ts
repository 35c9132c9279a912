import { asc, eq } from 'drizzle-orm';
import type { AssignableRoleGroup } from '../../../domain/api/back-office-users';
import type { Db } from '../../db/client';
import { roleGroups } from '../../db/schema/users';

/**
 * The role groups a bank user can be given, for the /users form. Names only: what each group grants
 * stays behind `roleGroups: view`. Where a branch officer may place the user is still checked when the
 * request is made (user-requests.ts).
 */
export async function assignableRoleGroups(db: Db): Promise<{ data: AssignableRoleGroup[] }> {
  const data = await db
    .select({ id: roleGroups.id, name: roleGroups.name, locationLevel: roleGroups.locationLevel })
    .from(roleGroups)
    .where(eq(roleGroups.userType, 'bank'))
    .orderBy(asc(roleGroups.name));
  return { data };
}
