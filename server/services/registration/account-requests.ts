import { and, eq } from 'drizzle-orm';
import type { AmendmentPayload, BankAccountPayload } from '../../../domain/api/back-office';
import type { SubmittedRequest } from '../../../domain/api/back-office-users';
import type { AmendmentInput, NewAccountInput } from '../../../domain/api/back-office-registration';
import type { AppContext } from '../../context';
import { institutions } from '../../db/schema/institutions';
import { errors } from '../../lib/app-error';
import type { Caller } from '../approvals/decide-request';
import { submitRequest } from '../approvals/submit-request';
import { type AuthUser, hasGrant } from '../auth/auth-user';
import { institutionScope } from '../auth/scope';
import type { BankCore } from './bank-core';
import { lookUpAccount } from './steps';

/**
 * Who may ask for a new account or an amendment of an institution: bank staff holding the grant
 * for institutions in their scope, or the institution's own users (for their own institution only,
 * not the levels below it). The checker is always bank staff.
 */
async function institutionFor(ctx: AppContext, user: AuthUser, id: number, bankGrant: boolean) {
  const own = user.userType === 'entity' && user.institutionId === id;
  if (!own && !(user.userType === 'bank' && bankGrant)) throw errors.forbidden();
  const [row] = await ctx.database.db.select().from(institutions).where(and(eq(institutions.id, id), institutionScope(user), eq(institutions.status, 'active')));
  if (!row) throw errors.notFound();
  return row;
}

const client = (caller: Caller) => ({ ip: caller.ip, userAgent: caller.userAgent, sessionId: caller.sessionId });

/** "Request new account": a `bank-account` request for an account found at the bank. */
export async function requestNewAccount(ctx: AppContext, core: BankCore, caller: Caller, input: NewAccountInput): Promise<SubmittedRequest> {
  const institution = await institutionFor(ctx, caller.user, input.institutionId, hasGrant(caller.user, 'bankAccounts', 'create'));
  const account = await lookUpAccount(ctx.database.db, core, input.accountNumber);
  const payload: BankAccountPayload = { institutionId: institution.id, accountNumber: account.accountNumber, accountName: account.accountName, branchId: account.branchId, currency: account.currency };
  const row = await submitRequest(ctx.database.db, {
    type: 'bank-account',
    subject: `account:${account.accountNumber}`,
    title: `${institution.title} — ${account.accountName}`,
    payload,
    makerId: caller.user.id,
    branchId: institution.branchId,
    religionId: institution.religionId,
    now: ctx.now(),
    client: client(caller),
  });
  return { requestId: row.id, status: 'requested' };
}

/** "Change institution details": an `application` request of kind `amendment`. */
export async function requestAmendment(ctx: AppContext, caller: Caller, institutionId: number, input: AmendmentInput): Promise<SubmittedRequest> {
  const institution = await institutionFor(ctx, caller.user, institutionId, hasGrant(caller.user, 'requests', 'create'));
  const payload: AmendmentPayload = { kind: 'amendment', institutionId: institution.id, changes: input };
  const row = await submitRequest(ctx.database.db, {
    type: 'application',
    subject: `institution:${institution.id}`,
    title: institution.title,
    payload,
    makerId: caller.user.id,
    branchId: institution.branchId,
    religionId: institution.religionId,
    now: ctx.now(),
    client: client(caller),
  });
  return { requestId: row.id, status: 'requested' };
}
