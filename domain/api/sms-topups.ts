import { z } from 'zod';
import { recordId } from './common';
import { MAX_TEXT_CHARS } from '../limits';

/**
 * SMS top-ups (ADR 057).
 * - `POST /api/sms/topups` SmsTopUpRequestInput → 201 SubmittedRequest: bank staff (sms:create) ask
 *   for `amount` messages for an institution in their scope; a second bank user approves it on
 *   /requests (type `sms-topup`) and only then do the units arrive and waiting messages go out.
 */

/** Most messages one top-up adds (a typo of three zeros is caught here, not by the checker). */
export const MAX_SMS_TOPUP = 100_000;

export const SmsTopUpRequestInput = z.object({
  institutionId: recordId,
  amount: z.number().int().min(1).max(MAX_SMS_TOPUP),
  note: z.string().trim().max(MAX_TEXT_CHARS).optional(),
});
export type SmsTopUpRequestInput = z.infer<typeof SmsTopUpRequestInput>;

/** `GET /api/sms/wallets/{institutionId}`: one institution's balance, for bank staff and union level (spec §6). */
export const SmsWallet = z.object({ institutionId: z.number().int(), title: z.string(), smsLeft: z.number().int(), smsCap: z.number().int() });
export type SmsWallet = z.infer<typeof SmsWallet>;
