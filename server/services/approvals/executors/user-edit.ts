import { eq } from 'drizzle-orm';
import { UserEditPayload } from '../../../../domain/api/back-office';
import { messages } from '../../../../domain/messages';
import { roleGroups, users } from '../../../db/schema/users';
import { revokeUserSessions } from '../../auth/sessions';
import { loginTaken } from '../../users/new-user';
import { ExecutionDenied } from '../denied';
import type { Executor } from '../executor';

/** `user-edit`: applies the stored changes to a bank user; a new role or branch signs them out everywhere. */
export const userEditExecutor: Executor<UserEditPayload> = {
  schema: UserEditPayload,
  async execute(env, payload) {
    const [user] = await env.db.select().from(users).where(eq(users.id, payload.userId));
    if (!user || user.deletedAt) throw new ExecutionDenied(messages.boDeniedSubjectGone);
    if (user.userType !== 'bank') throw new ExecutionDenied(messages.boEntityUsersByRegistration);
    const { changes } = payload;
    if (changes.email && (await loginTaken(env.db, user.username, changes.email, user.id))) throw new ExecutionDenied(messages.boDeniedUsernameTaken);
    let branchId = changes.branchId === undefined ? user.branchId : changes.branchId;
    if (changes.roleGroupId !== undefined) {
      const [group] = await env.db.select().from(roleGroups).where(eq(roleGroups.id, changes.roleGroupId));
      if (!group || group.userType !== 'bank') throw new ExecutionDenied(messages.boNotBankRoleGroup);
      if (group.locationLevel === 'bank') branchId = null;
      else if (branchId === null) throw new ExecutionDenied(messages.boBranchRequired);
    }
    await env.db
      .update(users)
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.email === undefined ? {} : { email: changes.email.toLowerCase() }),
        ...(changes.phone === undefined ? {} : { phone: changes.phone }),
        ...(changes.roleGroupId === undefined ? {} : { roleGroupId: changes.roleGroupId }),
        branchId,
      })
      .where(eq(users.id, user.id));
    if (changes.roleGroupId !== undefined || branchId !== user.branchId) await revokeUserSessions(env.db, user.id, env.now);
    return [];
  },
};
