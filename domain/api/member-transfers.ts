import { z } from 'zod';
import { recordId, recordIdText } from './common';

/** Member transfers between churches or mosques of one religion (issue 13, ADR 054). */

export const TRANSFER_STATUSES = ['pending', 'accepted', 'refused', 'cancelled'] as const;
export const TRANSFER_DIRECTIONS = ['incoming', 'outgoing'] as const;
export const MAX_TRANSFER_NOTE = 300;
export const TRANSFER_LIST_MAX = 100;

export const TransferRequest = z.object({
  toInstitutionId: recordId,
  note: z.string().trim().max(MAX_TRANSFER_NOTE).optional(),
});
export type TransferRequest = z.infer<typeof TransferRequest>;

/** The receiving side's answer to a refusal (the reason), or nothing. */
export const TransferAnswer = z.object({ note: z.string().trim().max(MAX_TRANSFER_NOTE).optional() });

export const TransferIdParam = z.object({ id: recordIdText });

export const TransferListQuery = z.object({
  direction: z.enum(TRANSFER_DIRECTIONS),
  status: z.enum(TRANSFER_STATUSES).optional(),
  cursor: recordIdText.optional(),
  limit: z.coerce.number().int().min(1).max(TRANSFER_LIST_MAX).default(50),
});

const Place = z.object({ id: z.number().int(), title: z.string() });

export const MemberTransfer = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberNames: z.string(),
  fromCode: z.string(),
  toCode: z.string().nullable(),
  status: z.enum(TRANSFER_STATUSES),
  from: Place,
  to: Place,
  note: z.string().nullable(),
  answerNote: z.string().nullable(),
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type MemberTransfer = z.infer<typeof MemberTransfer>;

/** `nextCursor`: pass it back as `cursor` for the next (older) page; null on the last. */
export const TransferListPage = z.object({ data: z.array(MemberTransfer), nextCursor: z.number().int().nullable() });
export type TransferListPage = z.infer<typeof TransferListPage>;

/** Where a member can go: congregations (levels that hold members) of the caller's religion. */
export const TransferDestinationQuery = z.object({ search: z.string().trim().min(1).max(100) });
export const TransferDestinations = z.object({ data: z.array(z.object({ id: z.number().int(), title: z.string(), code: z.string() })) });
export type TransferDestinations = z.infer<typeof TransferDestinations>;
