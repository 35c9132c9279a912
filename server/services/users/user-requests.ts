import { eq } from 'drizzle-orm';
import type { BankUserPayload, UserEditPayload } from '../../../domain/api/back-office';
import type { EditUserInput, NewBankUserInput, SubmittedRequest } from '../../../domain/api/back-office-users';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bankBranches } from '../../db/schema/reference';
import { roleGroups } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { submitRequest } from '../approvals/submit-request';
import { loginTaken } from './new-user';
import { loadUserInScope } from './user-scope';

const unprocessable = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => new AppError(422, 'unprocessable', descriptor, values);

/** Bank staff emails must be at the bank's domain (BANK_EMAIL_DOMAIN), checked on the server. */
export function assertBankEmail(ctx: AppContext, email: string): void {
  const domain = ctx.config.bankEmailDomain;
  if (!email.toLowerCase().endsWith(`@${domain}`)) {
    throw new AppError(400, 'validation', messages.boBankEmailRequired, { domain }, [{ path: 'email', descriptor: messages.boBankEmailRequired, values: { domain } }]);
  }
}

/**
 * The branch a bank user will sit at, from the role group's location level: none for bank-level
 * groups; for branch-level groups the chosen branch, and branch staff may only pick their own.
 */
async function placement(db: Db, caller: Caller, roleGroupId: number, branchId: number | null | undefined): Promise<{ roleGroupId: number; branchId: number | null }> {
  const [group] = await db.select().from(roleGroups).where(eq(roleGroups.id, roleGroupId));
  if (!group || group.userType !== 'bank') throw unprocessable(messages.boNotBankRoleGroup);
  const actorBranch = caller.user.roleKind === 'branch' ? caller.user.branchId : null;
  if (group.locationLevel === 'bank') {
    // Branch staff cannot make (or turn someone into) an administrator.
    if (actorBranch !== null) throw new AppError(403, 'forbidden', messages.noPermission);
    return { roleGroupId, branchId: null };
  }
  const chosen = actorBranch ?? branchId ?? null;
  if (chosen === null) throw unprocessable(messages.boBranchRequired);
  if (actorBranch !== null && branchId != null && branchId !== actorBranch) throw new AppError(403, 'forbidden', messages.noPermission);
  const [branch] = await db.select({ id: bankBranches.id }).from(bankBranches).where(eq(bankBranches.id, chosen));
  if (!branch) throw unprocessable(messages.boBranchRequired);
  return { roleGroupId, branchId: chosen };
}

/** "Add user": stores a `bank-user` request; the user exists only after a different admin approves. */
export async function requestNewBankUser(ctx: AppContext, caller: Caller, input: NewBankUserInput): Promise<SubmittedRequest> {
  if (input.userType === 'entity') throw unprocessable(messages.boEntityUsersByRegistration);
  const db = ctx.database.db;
  assertBankEmail(ctx, input.email);
  const place = await placement(db, caller, input.roleGroupId, input.branchId);
  if (await loginTaken(db, input.username, input.email)) throw new AppError(409, 'duplicate', messages.boDeniedUsernameTaken);
  const payload: BankUserPayload = { username: input.username, name: input.name, email: input.email, phone: input.phone, ...place };
  const row = await submitRequest(db, {
    type: 'bank-user',
    subject: `user:new:${input.username.toLowerCase()}`,
    title: `${input.name} (${input.username})`,
    payload,
    makerId: caller.user.id,
    branchId: place.branchId,
    religionId: null,
    now: ctx.now(),
    client: { ip: caller.ip, userAgent: caller.userAgent, sessionId: caller.sessionId },
  });
  return { requestId: row.id, status: 'requested' };
}

/** "Edit user": stores a `user-edit` request with only the fields that change. */
export async function requestUserEdit(ctx: AppContext, caller: Caller, userId: number, input: EditUserInput): Promise<SubmittedRequest> {
  const db = ctx.database.db;
  const target = await loadUserInScope(db, caller.user, userId);
  if (target.userType !== 'bank') throw unprocessable(messages.boEntityUsersByRegistration);
  const changes: UserEditPayload['changes'] = {};
  if (input.name !== undefined && input.name !== target.name) changes.name = input.name;
  if (input.phone !== undefined && input.phone !== target.phone) changes.phone = input.phone;
  if (input.email !== undefined && input.email !== target.email) {
    assertBankEmail(ctx, input.email);
    if (await loginTaken(db, target.username, input.email, target.id)) throw new AppError(409, 'duplicate', messages.boDeniedUsernameTaken);
    changes.email = input.email;
  }
  if (input.roleGroupId !== undefined || input.branchId !== undefined) {
    const place = await placement(db, caller, input.roleGroupId ?? target.roleGroupId, input.branchId === undefined ? target.branchId : input.branchId);
    if (place.roleGroupId !== target.roleGroupId) changes.roleGroupId = place.roleGroupId;
    if (place.branchId !== target.branchId) changes.branchId = place.branchId;
  }
  if (Object.keys(changes).length === 0) throw unprocessable(messages.boNothingChanged);
  const row = await submitRequest(db, {
    type: 'user-edit',
    subject: `user:${target.id}`,
    title: `${target.name} (${target.username})`,
    payload: { userId: target.id, changes } satisfies UserEditPayload,
    makerId: caller.user.id,
    branchId: target.branchId,
    religionId: null,
    now: ctx.now(),
    client: { ip: caller.ip, userAgent: caller.userAgent, sessionId: caller.sessionId },
  });
  return { requestId: row.id, status: 'requested' };
}
