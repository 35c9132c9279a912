import { z } from 'zod';
import { recordId, recordIdText } from './common';
import { MAX_TEXT_CHARS } from '../limits';
import { toE164 } from '../phone';
import { SMS_STATUSES } from '../statuses';

/** Most numbers one custom list may carry (a congregation's phone book, pasted or uploaded). */
export const MAX_LIST_PHONES = 5000;
export const SMS_CAMPAIGN_KINDS = ['all', 'zone', 'pledges', 'list', 'phone'] as const;
export type SmsCampaignKind = (typeof SMS_CAMPAIGN_KINDS)[number];

/** Local ("0712 345 678") or international; stored and sent in E.164. */
const Phone = z
  .string()
  .trim()
  .max(30)
  .refine((value) => toE164(value) !== null, { message: 'validation.invalidPhone' });

/** Who receives a campaign (fixed contract of issue 14). */
export const SmsRecipients = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('zone'), zoneId: recordId }),
  z.object({ kind: z.literal('pledges'), due: z.enum(['overdue', '7d']) }),
  z.object({ kind: z.literal('list'), phones: z.array(Phone).min(1).max(MAX_LIST_PHONES) }),
  z.object({ kind: z.literal('phone'), phone: Phone }),
]);
export type SmsRecipients = z.infer<typeof SmsRecipients>;

export const SmsCampaignInput = z.object({
  recipients: SmsRecipients,
  message: z.string().trim().min(1).max(MAX_TEXT_CHARS),
  /** Later than now: the campaign waits for it in the job queue. */
  scheduleAt: z.iso.datetime({ offset: true }).optional(),
  /** Bank staff and union level send for an institution in their scope; others send for their own. */
  institutionId: recordId.optional(),
});
export type SmsCampaignInput = z.infer<typeof SmsCampaignInput>;

/** `segments`: parts of the longest rendered message; `cost`: wallet units it takes (one per message). */
export const SmsCampaignCreated = z.object({ id: z.number().int(), recipients: z.number().int(), segments: z.number().int(), cost: z.number().int() });
export type SmsCampaignCreated = z.infer<typeof SmsCampaignCreated>;

/** A recipient's state: its message's status, or 'scheduled' before the campaign goes out. */
export const SMS_RECIPIENT_STATUSES = ['scheduled', ...SMS_STATUSES] as const;
export type SmsRecipientStatus = (typeof SMS_RECIPIENT_STATUSES)[number];

export const SmsStatusCounts = z.object(Object.fromEntries(SMS_RECIPIENT_STATUSES.map((s) => [s, z.number().int()])) as Record<SmsRecipientStatus, z.ZodNumber>);
export type SmsStatusCounts = z.infer<typeof SmsStatusCounts>;

export const SmsCampaignRow = SmsCampaignCreated.extend({
  institutionId: z.number().int(),
  institution: z.string(),
  kind: z.enum(SMS_CAMPAIGN_KINDS),
  /** The zone's name, the pledge window ('overdue' | '7d') or the single phone; null for all and list. */
  target: z.string().nullable(),
  message: z.string(),
  scheduleAt: z.string().nullable(),
  dispatchedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  counts: SmsStatusCounts,
});
export type SmsCampaignRow = z.infer<typeof SmsCampaignRow>;

export const SmsCampaignRecipient = z.object({
  ord: z.number().int(),
  phone: z.string(),
  name: z.string(),
  message: z.string(),
  status: z.enum(SMS_RECIPIENT_STATUSES),
  failureReason: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  operator: z.string().nullable(),
});
export type SmsCampaignRecipient = z.infer<typeof SmsCampaignRecipient>;

export const SmsCampaignDetail = SmsCampaignRow.extend({ recipientList: z.array(SmsCampaignRecipient) });
export type SmsCampaignDetail = z.infer<typeof SmsCampaignDetail>;

/** Keyset paging: pass `nextCursor` back as `cursor` (the last id seen); null on the last page. */
export const SmsCampaignQuery = z.object({
  cursor: recordIdText.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  institutionId: recordIdText.optional(),
});
export const SmsCampaignPage = z.object({ data: z.array(SmsCampaignRow), nextCursor: z.number().int().nullable() });
export type SmsCampaignPage = z.infer<typeof SmsCampaignPage>;

export const SmsResendResult = z.object({ resent: z.number().int() });

/** Failed SMS across sends, newest first (keyset on the message id). */
export const SmsFailedRow = z.object({
  id: z.number().int(),
  campaignId: z.number().int().nullable(),
  receiver: z.string(),
  message: z.string(),
  purpose: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export const SmsFailedPage = z.object({ data: z.array(SmsFailedRow), nextCursor: z.number().int().nullable() });
export type SmsFailedPage = z.infer<typeof SmsFailedPage>;
