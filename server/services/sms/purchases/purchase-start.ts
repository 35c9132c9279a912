import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SmsPurchaseInput } from '../../../../domain/api/sms-purchases';
import { messages } from '../../../../domain/messages';
import { detectOperator } from '../../../../domain/operators';
import { institutions } from '../../../db/schema/institutions';
import { smsPurchases } from '../../../db/schema/sms-purchases';
import { AppError, errors } from '../../../lib/app-error';
import { ProviderUnavailable, type StartResult } from '../../../providers/payments/payment-provider';
import type { AuthUser } from '../../auth/auth-user';
import { institutionScope } from '../../auth/scope';
import { newReferenceNo } from '../../payments/payment-initiation';
import { paymentJobId, pollOffsets } from '../../payments/payment-jobs';
import { claimPushToPhone } from '../../payments/rate-limit';
import { type SmsPurchaseDeps, SMS_PURCHASE_CALLBACK_PATH, SMS_PURCHASE_CURRENCY, SMS_PURCHASE_POLL_QUEUE, type SmsPurchasePollJob } from './purchase-deps';
import { finishPurchase } from './purchase-settle';

/** The polls of a purchase: the payments engine's schedule plus the push's timeout. */
export const purchaseOffsets = (deps: Pick<SmsPurchaseDeps, 'pollScheduleSeconds' | 'config'>) => pollOffsets(deps.pollScheduleSeconds, deps.config.payments.pushTimeoutSeconds);

/** Job ids from the purchase id and the attempt: queueing the same poll twice (a restart, the sweep) is one job. */
export async function enqueuePurchasePoll(deps: SmsPurchaseDeps, purchase: { id: string; createdAt: Date }, attempt: number): Promise<void> {
  const offset = purchaseOffsets(deps)[attempt];
  if (offset === undefined) return;
  const startAfter = Math.max(0, Math.ceil((purchase.createdAt.getTime() + offset * 1000 - deps.now().getTime()) / 1000));
  await deps.jobs.send<SmsPurchasePollJob>(SMS_PURCHASE_POLL_QUEUE, { purchaseId: purchase.id, attempt }, { id: paymentJobId(`sms-purchase-poll:${purchase.id}:${attempt}`), startAfter });
}

const invalidPhone = () => new AppError(400, 'payment_invalid', messages.paymentsOperatorUnknown, {}, [{ path: 'phone', descriptor: messages.paymentsOperatorUnknown }]);

/**
 * POST /api/sms/purchases (ADR 058): a union-level user (the spec's only institution users who see
 * the SMS balance) buys messages for the union's wallet or one below it. The row is written first
 * (pending, one per wallet), the first poll queued, then the push sent: a provider that does not
 * answer leaves the purchase pending and the polls settle it.
 */
export async function startPurchase(deps: SmsPurchaseDeps, user: AuthUser, input: SmsPurchaseInput): Promise<string> {
  if (user.userType === 'bank' || user.roleKind !== 'union') throw new AppError(403, 'union_only', messages.smsPurchaseUnionOnly);
  const db = deps.database.db;
  const institutionId = input.institutionId ?? user.institutionId;
  if (institutionId === null) throw errors.forbidden();
  const [institution] = await db
    .select({ id: institutions.id, title: institutions.title, status: institutions.status })
    .from(institutions)
    .where(and(eq(institutions.id, institutionId), institutionScope(user)));
  if (!institution) throw errors.notFound();
  if (institution.status !== 'active') throw new AppError(409, 'institution_inactive', messages.smsTopUpInstitutionInactive);
  const operator = detectOperator(input.phone);
  if (!operator) throw invalidPhone();
  const pending = () => db.select({ id: smsPurchases.id }).from(smsPurchases).where(and(eq(smsPurchases.institutionId, institution.id), eq(smsPurchases.status, 'pending')));
  const refusePending = () => new AppError(409, 'purchase_pending', messages.smsPurchasePending);
  if ((await pending()).length > 0) throw refusePending();

  const now = deps.now();
  await claimPushToPhone(db, input.phone, deps.config.payments.ratePerPhone, now);

  const id = randomUUID();
  const price = deps.config.sms.priceMinor;
  let referenceNo = '';
  for (let attempt = 0; attempt < 5 && !referenceNo; attempt++) {
    const candidate = newReferenceNo();
    const rows = await db
      .insert(smsPurchases)
      .values({
        id,
        institutionId: institution.id,
        referenceNo: candidate,
        messages: input.messages,
        pricePerMessage: price,
        amount: input.messages * price,
        currency: SMS_PURCHASE_CURRENCY,
        phone: input.phone,
        operator,
        status: 'pending',
        createdBy: user.id,
        createdAt: now,
        timeoutAt: new Date(now.getTime() + deps.config.payments.pushTimeoutSeconds * 1000),
      })
      .onConflictDoNothing()
      .returning({ id: smsPurchases.id });
    if (rows.length > 0) referenceNo = candidate;
    // Lost to a colleague's purchase started in the same moment (the one-pending index).
    else if ((await pending()).length > 0) throw refusePending();
  }
  if (!referenceNo) throw new Error('no free purchase reference after 5 tries');

  try {
    await enqueuePurchasePoll(deps, { id, createdAt: now }, 0);
  } catch (error) {
    deps.log.error({ err: error, purchaseId: id }, 'first SMS purchase poll could not be queued; recovery will');
  }
  const base = deps.appBaseUrl().replace(/\/+$/, '');
  let result: StartResult;
  try {
    result = await deps.provider.startMobilePush({
      paymentId: id,
      referenceNo,
      amount: input.messages * price,
      currency: SMS_PURCHASE_CURRENCY,
      phone: input.phone,
      payerName: institution.title,
      payerEmail: null,
      payer: null,
      webhookUrl: `${base}${SMS_PURCHASE_CALLBACK_PATH}`,
      lineCount: 1,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) deps.log.error({ err: error, purchaseId: id }, 'SMS purchase push failed unexpectedly; polls will settle it');
    return id;
  }
  if (result.kind === 'rejected') await finishPurchase(deps, id, { to: 'failed', reasonCode: result.reasonCode, source: 'start', detail: result.detail });
  else if (result.providerRef) await db.update(smsPurchases).set({ providerRef: result.providerRef }).where(eq(smsPurchases.id, id));
  return id;
}
