import { and, eq } from 'drizzle-orm';
import type { SmsTopUpPayload } from '../../../../domain/api/back-office';
import type { SubmittedRequest } from '../../../../domain/api/back-office-users';
import type { SmsTopUpRequestInput } from '../../../../domain/api/sms-topups';
import { messages } from '../../../../domain/messages';
import type { AppContext } from '../../../context';
import { institutions } from '../../../db/schema/institutions';
import { AppError, errors } from '../../../lib/app-error';
import type { Caller } from '../../approvals/decide-request';
import { submitRequest } from '../../approvals/submit-request';
import { institutionScope } from '../../auth/scope';

/**
 * POST /api/sms/topups (ADR 057): bank staff holding sms:create ask for N messages for an
 * institution in their scope. Nothing is added yet: a second bank user with requests:approve and
 * sms:approve approves it (never its maker), and the approval credits the wallet. One pending
 * top-up per institution (the approvals' one-pending-per-subject index), so a double click or two
 * colleagues cannot queue the same top-up twice for the checker.
 */
export async function requestSmsTopUp(ctx: AppContext, caller: Caller, input: SmsTopUpRequestInput): Promise<SubmittedRequest> {
  if (caller.user.userType !== 'bank') throw new AppError(403, 'bank_only', messages.smsTopUpBankOnly);
  const db = ctx.database.db;
  const [institution] = await db
    .select({ id: institutions.id, title: institutions.title, status: institutions.status, smsLeft: institutions.smsLeft, branchId: institutions.branchId, religionId: institutions.religionId })
    .from(institutions)
    .where(and(eq(institutions.id, input.institutionId), institutionScope(caller.user)));
  // Outside the caller's scope reads as unknown: nothing is said about other branches' institutions.
  if (!institution) throw errors.notFound();
  if (institution.status !== 'active') throw new AppError(409, 'institution_inactive', messages.smsTopUpInstitutionInactive);
  const payload: SmsTopUpPayload = {
    institutionId: institution.id,
    institutionTitle: institution.title,
    amount: input.amount,
    smsLeftWhenAsked: institution.smsLeft,
    note: input.note?.trim() || null,
  };
  const row = await submitRequest(db, {
    type: 'sms-topup',
    subject: `sms-topup:${institution.id}`,
    title: `${institution.title} — ${input.amount} SMS`,
    payload,
    makerId: caller.user.id,
    branchId: institution.branchId,
    religionId: institution.religionId,
    now: ctx.now(),
    client: { ip: caller.ip, userAgent: caller.userAgent, sessionId: caller.sessionId },
  });
  return { requestId: row.id, status: 'requested' };
}
