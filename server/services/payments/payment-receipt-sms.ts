import { asc, eq } from 'drizzle-orm';
import { type Locale, toLocale } from '../../../domain/locale';
import { messages } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import { institutions } from '../../db/schema/institutions';
import { members, offeringTypes } from '../../db/schema/members';
import { transactionLines } from '../../db/schema/money';
import type { PaymentDeps } from './payment-deps';
import type { FinalizedPayment } from './payment-transitions';

/**
 * The SMS receipt to the payer of a completed payment, in the member's language (guests get
 * Swahili, the default). Sent after the completing transaction committed, by whoever completed it,
 * so it goes once; charged to the institution's SMS wallet like every message it sends.
 */
export async function sendPaymentReceiptSms(deps: Pick<PaymentDeps, 'database' | 'sms' | 'translator' | 'log'>, payment: FinalizedPayment): Promise<void> {
  if (!payment.payerPhone || !payment.receiptNo) return;
  const db = deps.database.db;
  try {
    let locale: Locale = 'sw';
    if (payment.memberId !== null) {
      const [member] = await db.select({ language: members.preferredLanguage }).from(members).where(eq(members.id, payment.memberId));
      locale = toLocale(member?.language);
    }
    const [institution] = await db.select({ title: institutions.title }).from(institutions).where(eq(institutions.id, payment.institutionId));
    const lines = await db
      .select({ title: offeringTypes.title, amount: transactionLines.amount })
      .from(transactionLines)
      .innerJoin(offeringTypes, eq(offeringTypes.id, transactionLines.offeringTypeId))
      .where(eq(transactionLines.transactionId, payment.id))
      .orderBy(asc(transactionLines.id));
    const message = deps.translator.t(locale, messages.paymentsSmsReceipt, {
      institution: institution?.title ?? '',
      amount: formatMoney(payment.amount, payment.currency, locale),
      lines: lines.map((line) => `${line.title} ${formatMoney(line.amount, payment.currency, locale)}`).join(', '),
      receiptNo: payment.receiptNo,
    });
    await deps.sms.send({ to: payment.payerPhone, message, institutionId: payment.institutionId, purpose: 'payment_receipt' });
  } catch (error) {
    // The payment is complete whatever happens to its SMS; the failure is logged for follow-up.
    deps.log.error({ err: error, paymentId: payment.id }, 'payment receipt SMS could not be queued');
  }
}
