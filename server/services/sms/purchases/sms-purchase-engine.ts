import { and, eq } from 'drizzle-orm';
import type { SmsPurchase, SmsPurchaseInput } from '../../../../domain/api/sms-purchases';
import { institutions } from '../../../db/schema/institutions';
import { smsPurchases } from '../../../db/schema/sms-purchases';
import { errors } from '../../../lib/app-error';
import type { JobContext } from '../../../jobs/job-runner';
import type { AuthUser } from '../../auth/auth-user';
import { institutionScope } from '../../auth/scope';
import { nextAttemptAt } from '../../payments/payment-jobs';
import { seesSmsBalance } from '../topups/wallet-read';
import { type SmsPurchaseDeps, SMS_PURCHASE_POLL_QUEUE, SMS_PURCHASE_POLL_QUEUE_OPTIONS, type SmsPurchasePollJob } from './purchase-deps';
import { applyPurchaseOutcome, finishPurchase, loadPurchase, pollPurchase } from './purchase-settle';
import { enqueuePurchasePoll, purchaseOffsets, startPurchase } from './purchase-start';
import { purchaseView } from './purchase-view';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;
type Headers = Record<string, string | string[] | undefined>;

export type SmsPurchaseEngine = {
  buy(user: AuthUser, input: SmsPurchaseInput, t: Translate): Promise<SmsPurchase>;
  /** One purchase: bank staff and union level, in scope (404 otherwise). */
  view(user: AuthUser, id: string, t: Translate): Promise<SmsPurchase>;
  /** Selcom's callback on the purchases' own path: 'rejected' when its signature is bad (nothing changes). */
  handleCallback(headers: Headers, body: unknown, meta: { ip: string }): Promise<'accepted' | 'rejected' | 'unknown'>;
  /** At start-up and on the recovery sweep: queue again the polls of pending purchases. */
  recoverPending(): Promise<number>;
  setAppBaseUrl(url: string): void;
};

/**
 * SMS bought with mobile money (ADR 058), beside the payments engine and built from its parts: the
 * same provider adapter (push, signed callbacks, order-status, cancel), the same poll schedule on
 * its own pg-boss queue, the same one-conditional-update rule. The giving ledger is not touched.
 */
export function createSmsPurchaseEngine(input: Omit<SmsPurchaseDeps, 'appBaseUrl'> & { appBaseUrl?: string }): SmsPurchaseEngine {
  let appBaseUrl = input.appBaseUrl ?? input.config.publicUrl ?? `http://127.0.0.1:${input.config.port}`;
  const deps: SmsPurchaseDeps = { ...input, appBaseUrl: () => appBaseUrl };

  deps.jobs.define<SmsPurchasePollJob>(SMS_PURCHASE_POLL_QUEUE, SMS_PURCHASE_POLL_QUEUE_OPTIONS, (job) => runPoll(job));

  async function runPoll(job: JobContext<SmsPurchasePollJob>) {
    const { purchaseId, attempt } = job.data;
    const purchase = await loadPurchase(deps, purchaseId);
    if (!purchase || purchase.status !== 'pending') return;
    const status = await pollPurchase(deps, purchaseId);
    if (status !== 'pending') return;
    if (attempt + 1 >= purchaseOffsets(deps).length) {
      // The schedule is over and the provider never gave a final answer: stop waiting.
      await finishPurchase(deps, purchaseId, { to: 'failed', reasonCode: 'timeout', source: 'timeout', detail: 'no final status after the last poll' });
      return;
    }
    await enqueuePurchasePoll(deps, purchase, attempt + 1);
  }

  async function view(user: AuthUser, id: string, t: Translate): Promise<SmsPurchase> {
    if (!seesSmsBalance(user)) throw errors.forbidden();
    const found = await purchaseView(deps.database.db, id, t);
    if (!found) throw errors.notFound();
    const [inScope] = await deps.database.db
      .select({ id: institutions.id })
      .from(institutions)
      .where(and(eq(institutions.id, found.institution.id), institutionScope(user)));
    if (!inScope) throw errors.notFound();
    return found;
  }

  return {
    async buy(user, body, t) {
      const id = await startPurchase(deps, user, body);
      return view(user, id, t);
    },
    view,
    async handleCallback(headers, body, meta) {
      const check = deps.provider.readCallback(headers, body);
      const known = check.paymentId && /^[0-9a-f-]{36}$/i.test(check.paymentId) ? await loadPurchase(deps, check.paymentId) : null;
      if (!check.ok) {
        deps.log.warn({ ip: meta.ip, why: check.why, purchaseId: check.paymentId }, 'SMS purchase callback with a bad signature rejected');
        return 'rejected';
      }
      if (!known) {
        deps.log.warn({ purchaseId: check.paymentId }, 'SMS purchase callback for an unknown purchase');
        return 'unknown';
      }
      await applyPurchaseOutcome(deps, known, check.outcome, 'callback');
      return 'accepted';
    },
    async recoverPending() {
      const open = await deps.database.db
        .select({ id: smsPurchases.id, createdAt: smsPurchases.createdAt })
        .from(smsPurchases)
        .where(eq(smsPurchases.status, 'pending'))
        .limit(10_000);
      const now = deps.now().getTime();
      const offsets = purchaseOffsets(deps);
      for (const purchase of open) await enqueuePurchasePoll(deps, purchase, nextAttemptAt(offsets, (now - purchase.createdAt.getTime()) / 1000));
      return open.length;
    },
    setAppBaseUrl(url) {
      appBaseUrl = input.config.publicUrl ?? url;
    },
  };
}
