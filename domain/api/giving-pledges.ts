import { z } from 'zod';
import { recordId } from './common';
import { PhoneLookupInput } from './payments';

/**
 * A member's open pledges on the public giving page (issue 14, ADR 056). Who typed a phone number
 * is not yet who holds that phone, so the pledges are shown only for a one-time code sent by SMS:
 *  1. `POST code` {phone, institutionId} → 200 {message, expiresInSeconds}, the same answer whether
 *     or not the phone is a member's there (the code is sent only when it is); 429 when this phone or
 *     this address asked too often (Retry-After).
 *  2. `POST verify` {phone, institutionId, code} → 200 {pledges}: that phone's members' open pledges at
 *     that church or mosque, oldest due first. A wrong, expired or spent code, a code killed after 5
 *     wrong tries and an unknown phone all answer the same 400 `code_invalid`; too many wrong codes
 *     from one address or for one phone → 423.
 *  3. `POST /payments` with `pledgeId` (domain/api/payments.ts) pays one of them.
 */
export const givingPledgePaths = {
  code: '/giving/pledges/code',
  verify: '/giving/pledges/verify',
} as const;

export const GivingPledgeCodeInput = z.object({
  phone: PhoneLookupInput.shape.phone,
  institutionId: recordId,
});
export type GivingPledgeCodeInput = z.input<typeof GivingPledgeCodeInput>;

export const GivingPledgeCodeSent = z.object({
  /** "If this number belongs to a member here, we have sent a code", in the caller's language. */
  message: z.string(),
  expiresInSeconds: z.number().int(),
});
export type GivingPledgeCodeSent = z.infer<typeof GivingPledgeCodeSent>;

export const GivingPledgeVerifyInput = GivingPledgeCodeInput.extend({ code: z.string().trim().regex(/^\d{6}$/, { message: 'validation.invalid' }) });
export type GivingPledgeVerifyInput = z.input<typeof GivingPledgeVerifyInput>;

export const GivingPledge = z.object({
  id: z.number().int(),
  /** The member it is pledged by (one phone may be two members of the same church): pay with this memberId. */
  memberId: z.number().int(),
  offeringType: z.object({ id: z.number().int(), title: z.string() }),
  currency: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  remaining: z.number().int(),
  /** The due day in the institution's zone, YYYY-MM-DD. */
  dueDate: z.string(),
  overdue: z.boolean(),
});
export type GivingPledge = z.infer<typeof GivingPledge>;

export const GivingPledgeList = z.object({ pledges: z.array(GivingPledge) });
export type GivingPledgeList = z.infer<typeof GivingPledgeList>;
