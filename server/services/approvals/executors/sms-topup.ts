import { eq } from 'drizzle-orm';
import { SmsTopUpPayload } from '../../../../domain/api/back-office';
import { messages } from '../../../../domain/messages';
import { institutions } from '../../../db/schema/institutions';
import { logActivity } from '../../auth/activity';
import { creditWallet } from '../../sms/sms-wallet';
import { ExecutionDenied } from '../denied';
import type { Executor } from '../executor';

/**
 * `sms-topup` (ADR 057): the units are added in the approval's own transaction (the wallet and the
 * request's status commit together; the unique request id makes a second credit impossible), and
 * the messages waiting for balance are released after the commit: the SMS engine works on its own
 * connection. Should the process die between the two, the recovery sweep releases them.
 */
export const smsTopUpExecutor: Executor<SmsTopUpPayload> = {
  schema: SmsTopUpPayload,
  async execute(env, payload) {
    const [institution] = await env.db.select({ status: institutions.status }).from(institutions).where(eq(institutions.id, payload.institutionId));
    if (!institution) throw new ExecutionDenied(messages.boDeniedSubjectGone);
    if (institution.status !== 'active') throw new ExecutionDenied(messages.smsTopUpInstitutionInactive);
    const smsLeft = await creditWallet(env.db, {
      institutionId: payload.institutionId,
      amount: payload.amount,
      createdBy: env.makerId,
      at: env.now,
      source: 'bank',
      requestId: env.requestId,
      approvedBy: env.checkerId,
    });
    await logActivity(env.db, {
      userId: env.checkerId,
      sessionId: null,
      action: 'sms.topped_up',
      entityType: 'institution',
      entityId: String(payload.institutionId),
      details: `+${payload.amount} SMS by request ${env.requestId}${smsLeft === null ? ' (already credited)' : `, balance ${smsLeft}`}`,
      ipAddress: null,
      userAgent: null,
      at: env.now,
    });
    return [async () => void (await env.ctx.sms.releaseWaiting(payload.institutionId))];
  },
};
