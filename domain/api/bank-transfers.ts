import { z } from 'zod';
import { recordIdText } from './common';

/**
 * Pending bank transfers for bank staff (issue 10): a giver chose "bank transfer" on the giving page
 * and was told to quote `referenceNo`; staff who see the money arrive confirm it with the bank's own
 * reference (`POST /payments/{id}/confirm-transfer`, bankAccounts:update) or cancel it
 * (`POST /payments/{id}/cancel`, push:update). The list is oldest first (the first to expire) and
 * pages by keyset: pass `nextCursor` back as `cursor`. Amounts are integer minor units.
 */
export const bankTransferPaths = { pending: '/payments/bank-transfers' } as const;

export const PendingTransferQuery = z.object({
  institutionId: recordIdText.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(25),
});

export const PendingTransferRow = z.object({
  id: z.string(),
  /** The reference the giver was told to quote on the transfer. */
  referenceNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** The giver's name (a known member's, or as given); null for an anonymous guest. */
  payer: z.string().nullable(),
  phone: z.string().nullable(),
  institution: z.object({ id: z.number().int(), title: z.string() }),
  /** The account the giver was told to pay into. */
  account: z.object({ accountNumber: z.string(), accountName: z.string() }).nullable(),
  createdAt: z.string(),
  /** Unconfirmed by then, the transfer is cancelled (reason transfer_not_received). */
  expiresAt: z.string(),
});
export type PendingTransferRow = z.infer<typeof PendingTransferRow>;

export const PendingTransferPage = z.object({ data: z.array(PendingTransferRow), nextCursor: z.string().nullable() });
export type PendingTransferPage = z.infer<typeof PendingTransferPage>;
