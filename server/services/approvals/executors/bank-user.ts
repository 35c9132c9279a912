import { eq } from 'drizzle-orm';
import { BankUserPayload } from '../../../../domain/api/back-office';
import { messages } from '../../../../domain/messages';
import { roleGroups } from '../../../db/schema/users';
import { sendCredentials } from '../../users/credentials';
import { insertNewUser, loginTaken } from '../../users/new-user';
import { ExecutionDenied } from '../denied';
import type { Executor } from '../executor';

/** `bank-user`: the new staff user exists (activated, must change the password) only from approval on. */
export const bankUserExecutor: Executor<BankUserPayload> = {
  schema: BankUserPayload,
  async execute(env, payload) {
    const [group] = await env.db.select().from(roleGroups).where(eq(roleGroups.id, payload.roleGroupId));
    if (!group || group.userType !== 'bank') throw new ExecutionDenied(messages.boNotBankRoleGroup);
    // A bank user without a branch is an administrator: a branch-level group must come with its branch.
    if (group.locationLevel !== 'bank' && payload.branchId === null) throw new ExecutionDenied(messages.boBranchRequired);
    if (await loginTaken(env.db, payload.username, payload.email)) throw new ExecutionDenied(messages.boDeniedUsernameTaken);
    const { user, password } = await insertNewUser(env.db, {
      username: payload.username,
      name: payload.name,
      email: payload.email,
      phone: payload.phone,
      userType: 'bank',
      roleGroupId: group.id,
      branchId: group.locationLevel === 'bank' ? null : payload.branchId,
      institutionId: null,
      now: env.now,
    });
    return [() => sendCredentials(env.ctx, { ...user, institutionId: null }, password, env.checkerId)];
  },
};
