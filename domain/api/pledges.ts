import { z } from 'zod';
import { recordId, recordIdText } from './common';
import { isDay } from '../calendar';
import { MAX_TEXT_CHARS } from '../limits';
import { MAX_CAMPAIGN_NAME } from '../pledge-rules';
import { EXPORT_FORMATS, MAX_LINE_AMOUNT } from '../receipt-rules';

/** Due filters of spec §9 plus overdue and fulfilled (issue 14). Windows start today, in the institution's zone. */
export const PLEDGE_DUE_FILTERS = ['today', '7d', '1m', '3m', '6m', 'overdue', 'fulfilled'] as const;
export type PledgeDueFilter = (typeof PLEDGE_DUE_FILTERS)[number];
export const PLEDGE_PAYMENT_METHODS = ['mobile', 'card', 'bank', 'cash', 'cheque'] as const;
export const PLEDGE_STATES = ['open', 'overdue', 'fulfilled'] as const;
export type PledgeState = (typeof PLEDGE_STATES)[number];
export { MAX_CAMPAIGN_NAME };

const Day = z.string().refine(isDay, { message: 'validation.invalid' });
const Amount = z.number().int().positive().max(MAX_LINE_AMOUNT);

export const PledgeInput = z.object({
  memberId: recordId,
  offeringTypeId: recordId,
  total: Amount,
  dueDate: Day,
  paymentMethod: z.enum(PLEDGE_PAYMENT_METHODS).optional(),
  note: z.string().trim().max(MAX_TEXT_CHARS).optional(),
  campaignId: recordId.optional(),
});
export type PledgeInput = z.infer<typeof PledgeInput>;

/** What POST answers (the fixed contract); paid and remaining come from money received, never from input. */
export const PledgeCreated = z.object({ id: z.number().int(), total: z.number().int(), paid: z.number().int(), remaining: z.number().int(), dueDate: z.string() });
export type PledgeCreated = z.infer<typeof PledgeCreated>;

export const PledgeRow = PledgeCreated.extend({
  institutionId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  memberCode: z.string(),
  memberPhone: z.string(),
  offeringTypeId: z.number().int().nullable(),
  offeringTypeTitle: z.string().nullable(),
  campaignId: z.number().int().nullable(),
  currency: z.string(),
  paymentMethod: z.string().nullable(),
  remindedAt: z.string().nullable(),
  state: z.enum(PLEDGE_STATES),
});
export type PledgeRow = z.infer<typeof PledgeRow>;

export const PledgePayment = z.object({
  transactionId: z.string(),
  referenceNo: z.string(),
  receiptNo: z.string().nullable(),
  method: z.string(),
  /** The part of the transaction line that counts toward this pledge. */
  amount: z.number().int(),
  receivedAt: z.string(),
  /** Set when the money was reversed and given back. */
  reversedAt: z.string().nullable(),
});
export const PledgeReminder = z.object({
  day: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  smsId: z.number().int().nullable(),
  smsStatus: z.string().nullable(),
  at: z.string(),
});
export type PledgeReminder = z.infer<typeof PledgeReminder>;

export const PledgeDetail = PledgeRow.extend({ note: z.string().nullable(), payments: z.array(PledgePayment), reminders: z.array(PledgeReminder) });
export type PledgeDetail = z.infer<typeof PledgeDetail>;

export const PledgeFilters = z.object({
  due: z.enum(PLEDGE_DUE_FILTERS).optional(),
  search: z.string().trim().min(1).max(100).optional(),
  institutionId: recordIdText.optional(),
  memberId: recordIdText.optional(),
  campaignId: recordIdText.optional(),
});
export type PledgeFilters = z.infer<typeof PledgeFilters>;
export const PledgeQuery = PledgeFilters.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the previous answer's `nextCursor`; when given, `offset` is not used. */
  cursor: z.string().max(400).optional(),
});
export const PledgeExportQuery = PledgeFilters.extend({ format: z.enum(EXPORT_FORMATS).default('csv') });

export const PledgeTotals = z.object({ total: z.number().int(), paid: z.number().int(), remaining: z.number().int() });
/** `nextCursor`: pass it back as `cursor` for the next page; null on the last. */
export const PledgePage = z.object({ data: z.array(PledgeRow), count: z.number().int(), totals: PledgeTotals, nextCursor: z.string().nullable() });
export type PledgePage = z.infer<typeof PledgePage>;

export const RemindResult = z.object({ sent: z.boolean(), smsId: z.number().int().nullable(), remindedAt: z.string().nullable() });

export const CampaignInput = z.object({
  name: z.string().trim().min(1).max(MAX_CAMPAIGN_NAME),
  target: Amount,
  offeringTypeId: recordId.optional(),
  endsOn: Day.optional(),
  institutionId: recordId.optional(),
});
export type CampaignInput = z.infer<typeof CampaignInput>;
export const CampaignRow = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  name: z.string(),
  target: z.number().int(),
  offeringTypeId: z.number().int().nullable(),
  endsOn: z.string().nullable(),
  pledgeCount: z.number().int(),
  pledged: z.number().int(),
  paid: z.number().int(),
});
export type CampaignRow = z.infer<typeof CampaignRow>;
export const CampaignList = z.object({ data: z.array(CampaignRow) });
