import { z } from 'zod';
import { recordId } from './common';
import { isE164 } from '../phone';
import { MOBILE_OPERATORS } from '../statuses';
import { PAYMENT_REASON_CODES } from './payments';
import { MAX_SMS_TOPUP } from './sms-topups';

/**
 * SMS bought with the institution's mobile money (ADR 058).
 * - `GET /api/sms/price` → SmsPrice: what one message costs (SMS_PRICE_MINOR, TZS).
 * - `POST /api/sms/purchases` SmsPurchaseInput → 201 SmsPurchase: a union-level user pays from a
 *   phone for `messages` messages of its own wallet or of an institution below it; the push goes out
 *   at once and the purchase is `pending` until the payer answers.
 * - `GET /api/sms/purchases/{id}` → SmsPurchase: the form follows it to `completed` (the units are
 *   in the wallet) or `failed` (with the reason); nothing is added unless the money arrived.
 */

export const SMS_PURCHASE_STATUSES = ['pending', 'completed', 'failed'] as const;
export type SmsPurchaseStatus = (typeof SMS_PURCHASE_STATUSES)[number];

export const SmsPrice = z.object({ pricePerMessage: z.number().int(), currency: z.string() });
export type SmsPrice = z.infer<typeof SmsPrice>;

export const SmsPurchaseInput = z.object({
  messages: z.number().int().min(1).max(MAX_SMS_TOPUP),
  /** The paying phone, E.164 ("+255712345678"): it receives the push. */
  phone: z.string().trim().refine(isE164, { message: 'validation.invalidPhone' }),
  /** The wallet to fill: the caller's own institution when omitted, else one below it. */
  institutionId: recordId.optional(),
});
export type SmsPurchaseInput = z.infer<typeof SmsPurchaseInput>;

export const SmsPurchaseIdParam = z.object({ id: z.uuid() });

export const SmsPurchase = z.object({
  id: z.uuid(),
  status: z.enum(SMS_PURCHASE_STATUSES),
  referenceNo: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string() }),
  messages: z.number().int(),
  pricePerMessage: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  operator: z.enum(MOBILE_OPERATORS).nullable(),
  /** "+255 7•• ••• 678". */
  phone: z.string(),
  reasonCode: z.enum(PAYMENT_REASON_CODES).optional(),
  reason: z.string().optional(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The wallet's balance now (after the credit, once completed). */
  smsLeft: z.number().int(),
});
export type SmsPurchase = z.infer<typeof SmsPurchase>;
