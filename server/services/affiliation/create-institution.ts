import { and, eq } from 'drizzle-orm';
import type { ApplicationPayload } from '../../../domain/api/back-office';
import type { NewInstitutionInput } from '../../../domain/api/back-office-registration';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import { messages } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { institutionLevels } from '../../db/schema/reference';
import { AppError, errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { submitRequest } from '../approvals/submit-request';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import type { BankCore } from '../registration/bank-core';
import { checkInstitution, lookUpAccount } from '../registration/steps';
import { loadMoveEnd } from './move-rules';

/** Bank staff who make requests, anywhere in their scope; union and field staff (structure:create) in their subtree. */
function mayCreate(user: AuthUser): boolean {
  return user.userType === 'bank' ? hasGrant(user, 'requests', 'create') : hasGrant(user, 'structure', 'create');
}

/**
 * POST /api/institutions: the same `application` a forwarded registration makes (kind
 * `registration`, no draft behind it), so the checker sees and approves it the same way and the
 * institution is created active, with its account and default user, only on approval.
 */
export async function requestNewInstitution(ctx: AppContext, core: BankCore, caller: Caller, input: NewInstitutionInput): Promise<SubmittedRequest> {
  if (!mayCreate(caller.user)) throw errors.forbidden();
  const db = ctx.database.db;
  const [visible] = await db.select({ id: institutions.id }).from(institutions).where(and(eq(institutions.id, input.parentId), institutionScope(caller.user)));
  const parent = visible ? await loadMoveEnd(db, input.parentId) : undefined;
  if (!parent) throw new AppError(400, 'parent_unknown', messages.affiliationParentUnknown);
  if (parent.status !== 'active') throw new AppError(400, 'parent_inactive', messages.affiliationParentInactive);
  const [level] = await db
    .select({ id: institutionLevels.id })
    .from(institutionLevels)
    .where(and(eq(institutionLevels.religionId, parent.religionId), eq(institutionLevels.rank, parent.rank + 1)));
  if (!level) throw new AppError(400, 'no_level_below', messages.createNoLevelBelow);
  const institution = {
    title: input.title,
    abbreviation: input.abbreviation,
    religionId: parent.religionId,
    levelId: level.id,
    parentId: parent.id,
    region: input.region,
    district: input.district,
    street: input.street,
    logoUploadId: null,
    customFields: input.customFields.filter((entry) => entry.value !== ''),
  };
  await checkInstitution(db, institution, null);
  const account = await lookUpAccount(db, core, input.accountNumber);
  const payload: ApplicationPayload = {
    kind: 'registration',
    registrationId: null,
    institution,
    bankAccount: { accountNumber: account.accountNumber, accountName: account.accountName, branchId: account.branchId, currency: account.currency },
    signatories: [],
    defaultUser: input.defaultUser,
    referralCode: null,
    registrationChannel: 'branch',
  };
  const row = await submitRequest(db, {
    type: 'application',
    subject: `new-institution:${institution.abbreviation}`,
    title: institution.title,
    payload,
    makerId: caller.user.id,
    branchId: account.branchId ?? parent.branchId,
    religionId: parent.religionId,
    now: ctx.now(),
    client: { ip: caller.ip, userAgent: caller.userAgent, sessionId: caller.sessionId },
  });
  return { requestId: row.id, status: 'requested' };
}
