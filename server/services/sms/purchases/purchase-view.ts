import { eq } from 'drizzle-orm';
import { maskPhone } from '../../../../domain/api/payments';
import type { SmsPurchase, SmsPurchaseStatus } from '../../../../domain/api/sms-purchases';
import { asReasonCode } from '../../../../domain/payment-reason-messages';
import type { MobileOperator } from '../../../../domain/statuses';
import type { Db } from '../../../db/client';
import { institutions } from '../../../db/schema/institutions';
import { smsPurchases } from '../../../db/schema/sms-purchases';
import { reasonText } from '../../payments/reason-text';

type Translate = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) => string;

/** One purchase as the form follows it; null when there is no such purchase. The caller checks the scope. */
export async function purchaseView(db: Db, id: string, t: Translate): Promise<SmsPurchase | null> {
  const [row] = await db
    .select({
      id: smsPurchases.id,
      status: smsPurchases.status,
      referenceNo: smsPurchases.referenceNo,
      institutionId: institutions.id,
      title: institutions.title,
      smsLeft: institutions.smsLeft,
      messages: smsPurchases.messages,
      pricePerMessage: smsPurchases.pricePerMessage,
      amount: smsPurchases.amount,
      currency: smsPurchases.currency,
      operator: smsPurchases.operator,
      phone: smsPurchases.phone,
      failedReason: smsPurchases.failedReason,
      createdAt: smsPurchases.createdAt,
      completedAt: smsPurchases.completedAt,
    })
    .from(smsPurchases)
    .innerJoin(institutions, eq(institutions.id, smsPurchases.institutionId))
    .where(eq(smsPurchases.id, id));
  if (!row) return null;
  const reasonCode = row.status === 'failed' ? asReasonCode(row.failedReason) : undefined;
  const reason = row.status === 'failed' ? reasonText(t, row.failedReason) : null;
  return {
    id: row.id,
    status: row.status as SmsPurchaseStatus,
    referenceNo: row.referenceNo,
    institution: { id: row.institutionId, title: row.title },
    messages: row.messages,
    pricePerMessage: row.pricePerMessage,
    amount: row.amount,
    currency: row.currency,
    operator: (row.operator as MobileOperator | null) ?? null,
    phone: maskPhone(row.phone),
    ...(reasonCode ? { reasonCode } : {}),
    ...(reason ? { reason } : {}),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    smsLeft: row.smsLeft,
  };
}
