import { and, eq, sql } from 'drizzle-orm';
import type { PaymentReasonCode } from '../../../../domain/api/payments';
import type { SmsPurchaseStatus } from '../../../../domain/api/sms-purchases';
import { smsPurchases } from '../../../db/schema/sms-purchases';
import { toMajorUnits, toMinorUnits } from '../../../providers/payments/major-units';
import { type ProviderOutcome, ProviderUnavailable } from '../../../providers/payments/payment-provider';
import { logActivity } from '../../auth/activity';
import { creditWallet } from '../sms-wallet';
import type { SmsPurchaseDeps } from './purchase-deps';

/**
 * Turns what Selcom says about a purchase (callback, order-status poll, cancel answer) into at most
 * one transition, through ONE conditional update (… WHERE status = 'pending' RETURNING), exactly as
 * payments do (payment-transitions.ts). The completion credits the wallet in the same database
 * transaction (sms_topups.purchase_id is unique as a second guard), so a duplicated callback, a poll
 * racing it, a retried job or a restart finds the purchase no longer pending and adds nothing.
 */

export type PurchaseState = {
  id: string;
  institutionId: number;
  status: SmsPurchaseStatus;
  amount: number;
  currency: string;
  createdAt: Date;
  timeoutAt: Date;
};

type Source = 'callback' | 'poll' | 'start' | 'timeout';
type Ending =
  | { to: 'completed'; trxId: string | null; providerRef: string | null; source: Source }
  | { to: 'failed'; reasonCode: PaymentReasonCode; trxId?: string | null; providerRef?: string | null; source: Source; detail?: string };

export async function loadPurchase(deps: Pick<SmsPurchaseDeps, 'database'>, id: string): Promise<PurchaseState | null> {
  const [row] = await deps.database.db
    .select({
      id: smsPurchases.id,
      institutionId: smsPurchases.institutionId,
      status: smsPurchases.status,
      amount: smsPurchases.amount,
      currency: smsPurchases.currency,
      createdAt: smsPurchases.createdAt,
      timeoutAt: smsPurchases.timeoutAt,
    })
    .from(smsPurchases)
    .where(eq(smsPurchases.id, id));
  return row ? { ...row, status: row.status as SmsPurchaseStatus } : null;
}

/** The gate. Answers the status it moved to, or null when someone else had already ended it. */
export async function finishPurchase(deps: SmsPurchaseDeps, id: string, ending: Ending): Promise<SmsPurchaseStatus | null> {
  const now = deps.now();
  const done = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(smsPurchases)
      .set({
        status: ending.to,
        completedAt: ending.to === 'completed' ? now : null,
        failedReason: ending.to === 'failed' ? ending.reasonCode : null,
        trxId: sql`coalesce(${ending.trxId ?? null}::text, ${smsPurchases.trxId})`,
        providerRef: sql`coalesce(${ending.providerRef ?? null}::text, ${smsPurchases.providerRef})`,
      })
      .where(and(eq(smsPurchases.id, id), eq(smsPurchases.status, 'pending')))
      .returning({ institutionId: smsPurchases.institutionId, messages: smsPurchases.messages, createdBy: smsPurchases.createdBy, referenceNo: smsPurchases.referenceNo });
    if (!row) return null;
    if (ending.to === 'failed') return { institutionId: row.institutionId, status: 'failed' as const };
    const smsLeft = await creditWallet(tx, { institutionId: row.institutionId, amount: row.messages, createdBy: row.createdBy, at: now, source: 'mobile', purchaseId: id });
    await logActivity(tx, {
      userId: row.createdBy,
      action: 'sms.purchased',
      entityType: 'institution',
      entityId: String(row.institutionId),
      details: `+${row.messages} SMS bought with mobile money ${row.referenceNo}${smsLeft === null ? ' (already credited)' : `, balance ${smsLeft}`}`,
      at: now,
    });
    return { institutionId: row.institutionId, status: 'completed' as const };
  });
  if (!done) return null;
  if (ending.to === 'failed') deps.log.info({ purchaseId: id, reason: ending.reasonCode, source: ending.source, detail: ending.detail }, 'SMS purchase failed');
  if (done.status === 'completed') {
    // After the commit: the SMS engine works on its own connection. A crash here leaves units and
    // waiting messages side by side, which the recovery sweep releases (sms.recoverQueued).
    try {
      await deps.sms.releaseWaiting(done.institutionId);
    } catch (error) {
      deps.log.error({ err: error, purchaseId: id }, 'waiting SMS not released after a purchase; the recovery sweep will');
    }
  }
  return done.status;
}

async function currentStatus(deps: SmsPurchaseDeps, id: string): Promise<SmsPurchaseStatus | null> {
  return (await loadPurchase(deps, id))?.status ?? null;
}

/** Applies one provider answer (the same rules as a payment's); answers the status afterwards. */
export async function applyPurchaseOutcome(deps: SmsPurchaseDeps, purchase: PurchaseState, outcome: ProviderOutcome, source: Source): Promise<SmsPurchaseStatus | null> {
  const base = { trxId: outcome.trxId, providerRef: outcome.providerRef, source };
  let ending: Ending | null = null;
  if (outcome.state === 'completed') {
    let paid = outcome.paidAmount;
    if (paid === null) {
      // A callback that does not say how much is believed only once order-status agrees.
      const confirmed = await deps.provider.status(purchase.id, purchase.currency).catch(() => null);
      if (confirmed?.state !== 'completed' || confirmed.paidAmount === null) return currentStatus(deps, purchase.id);
      paid = confirmed.paidAmount;
    }
    ending =
      toMinorUnits(paid, purchase.currency) === purchase.amount
        ? { ...base, to: 'completed' }
        : { ...base, to: 'failed', reasonCode: 'amount_mismatch', detail: `paid ${paid} ${purchase.currency}, expected ${toMajorUnits(purchase.amount, purchase.currency)}` };
  } else if (outcome.state === 'failed') {
    ending = { ...base, to: 'failed', reasonCode: outcome.reasonCode ?? 'provider_error', detail: outcome.detail };
  } else if (outcome.state === 'canceled') {
    ending = { ...base, to: 'failed', reasonCode: 'timeout', detail: outcome.detail };
  }
  if (!ending) return currentStatus(deps, purchase.id);
  const moved = await finishPurchase(deps, purchase.id, ending);
  if (moved) return moved;
  const status = await currentStatus(deps, purchase.id);
  if (outcome.state === 'completed' && status !== 'completed') {
    deps.log.warn({ purchaseId: purchase.id, status, source }, 'provider reports a paid SMS purchase that already ended: reconcile with the provider');
  }
  return status;
}

/**
 * One look at a pending purchase (a scheduled poll): ask the provider, apply the answer, and once
 * its time is up cancel the push at the provider and fail it (reason timeout). A provider that does
 * not answer leaves it pending for the next poll.
 */
export async function pollPurchase(deps: SmsPurchaseDeps, id: string): Promise<SmsPurchaseStatus | null> {
  const purchase = await loadPurchase(deps, id);
  if (!purchase || purchase.status !== 'pending') return purchase?.status ?? null;
  const timedOut = deps.now().getTime() >= purchase.timeoutAt.getTime();
  let outcome: ProviderOutcome | null;
  try {
    outcome = await deps.provider.status(id, purchase.currency);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    deps.log.warn({ purchaseId: id, err: error }, 'SMS purchase status: provider unavailable');
    return 'pending';
  }
  if (outcome === null) {
    // The start never reached the provider: nothing can be paid.
    if (timedOut) await finishPurchase(deps, id, { to: 'failed', reasonCode: 'provider_error', source: 'timeout', detail: 'the provider has no such order' });
    return currentStatus(deps, id);
  }
  const status = await applyPurchaseOutcome(deps, purchase, outcome, 'poll');
  if (status !== 'pending' || !timedOut) return status;
  let answer;
  try {
    answer = await deps.provider.cancel(id);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    return 'pending';
  }
  if (answer === 'canceled' || answer === 'unknown_order') {
    await finishPurchase(deps, id, { to: 'failed', reasonCode: 'timeout', source: 'timeout', detail: `provider ${answer}` });
    return currentStatus(deps, id);
  }
  // Not cancellable: the payer got there first; order-status says how it ended.
  const after = await deps.provider.status(id, purchase.currency).catch(() => null);
  return after ? applyPurchaseOutcome(deps, purchase, after, 'poll') : currentStatus(deps, id);
}
