import { z } from 'zod';
import { recordId, recordIdText } from './common';
import { MAX_TEXT_CHARS } from '../limits';
import { isE164 } from '../phone';
import {
  BATCH_STATUSES,
  COUNTRY_PATTERN,
  CURRENCY_PATTERN,
  EXPORT_FORMATS,
  GENDERS,
  MAX_ADDRESS,
  MAX_BATCH_NAME,
  MAX_CHEQUE_NO,
  MAX_EMAIL,
  MAX_LINE_AMOUNT,
  MAX_MEMBER_NAME,
  MAX_PAYER_NAME,
  MAX_PLACE,
  MAX_RECEIPT_LINES,
  MAX_SYNC_BATCH,
  MEMBER_LANGUAGES,
  POSTAL_CODE_PATTERN,
  RECEIPT_METHODS,
  RECEIPT_NO_PATTERN,
  SYNC_STATUSES,
} from '../receipt-rules';

/**
 * The offline desk's wire contract (issue 3). `POST /api/cash-receipts/sync`, `/api/members/sync`
 * and `/api/receipt-batches/sync` each take up to MAX_SYNC_BATCH entries and answer per entry, in
 * the same order, so one bad entry never blocks the rest of a batch.
 *
 * The constants live in ../receipt-rules.ts, beside the plain (zod-free) checks the PWA runs before
 * writing a record to the device; they are re-exported here so the contract reads as one.
 */
export {
  BATCH_STATUSES,
  EXPORT_FORMATS,
  GENDERS,
  MAX_LINE_AMOUNT,
  MAX_RECEIPT_LINES,
  MAX_SYNC_BATCH,
  RECEIPT_METHODS,
  SYNC_STATUSES,
  type SyncStatus,
} from '../receipt-rules';

export const Phone = z.string().trim().refine(isE164, { message: 'validation.invalidPhone' });

export const OfferingType = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  title: z.string(),
  churchBp: z.number().int(),
  fieldBp: z.number().int(),
  unionBp: z.number().int(),
});
export type OfferingType = z.infer<typeof OfferingType>;
export const OfferingTypeList = z.object({ data: z.array(OfferingType) });
export const OfferingTypeQuery = z.object({ institutionId: recordIdText.optional() });

export const Currency = z.object({ code: z.string(), numericCode: z.string(), territory: z.string(), value: z.string() });
export type Currency = z.infer<typeof Currency>;
export const CurrencyList = z.object({ data: z.array(Currency) });

export const ReceiptLine = z.object({
  offeringTypeId: recordId,
  amount: z.number().int().positive().max(MAX_LINE_AMOUNT),
  /** A pledge this line pays first (issue 14); any rest goes to the giver's other open pledges of the type. */
  pledgeId: recordId.optional(),
});

/**
 * One receipt as the outbox sends it. `memberClientId` (our extension to the fixed contract) names
 * a member registered offline in the same outbox, before the server gave it an id. A receipt names
 * at most one giver: none is a loose offering (the plate collection), and a walk-in `payer` may come
 * without a phone; either way no SMS is sent.
 */
export const CashReceiptInput = z
  .object({
    id: z.uuid(),
    institutionId: recordId,
    memberId: recordId.optional(),
    memberClientId: z.uuid().optional(),
    payer: z.object({ name: z.string().trim().min(1).max(MAX_PAYER_NAME), phone: Phone.optional() }).optional(),
    lines: z.array(ReceiptLine).min(1).max(MAX_RECEIPT_LINES),
    currency: z.string().regex(CURRENCY_PATTERN),
    receivedAt: z.iso.datetime({ offset: true }),
    batchId: z.uuid().optional(),
    method: z.enum(RECEIPT_METHODS).default('cash'),
    chequeNo: z.string().trim().min(1).max(MAX_CHEQUE_NO).optional(),
    note: z.string().max(MAX_TEXT_CHARS).optional(),
    /** Issued on the device (institution code, device prefix, sequence) so paper exists at once. */
    receiptNo: z.string().regex(RECEIPT_NO_PATTERN).optional(),
  })
  .refine((r) => [r.memberId, r.memberClientId, r.payer].filter((x) => x !== undefined).length <= 1, {
    message: 'receipt.oneGiver',
    path: ['payer'],
  })
  .refine((r) => r.method !== 'cheque' || r.chequeNo !== undefined, { message: 'validation.required', path: ['chequeNo'] });
export type CashReceiptInput = z.input<typeof CashReceiptInput>;

/** The request is checked loosely so each entry can be answered on its own. */
export const SyncRequest = <K extends string>(key: K) =>
  z.object({
    [key]: z.array(z.unknown()).min(1, { message: 'receipt.syncEmpty' }).max(MAX_SYNC_BATCH, { message: 'receipt.syncTooMany' }),
  } as Record<K, z.ZodArray<z.ZodUnknown>>);
export const CashReceiptSyncRequest = SyncRequest('receipts');
export const MemberSyncRequest = SyncRequest('members');
export const BatchSyncRequest = SyncRequest('batches');

export const SyncResult = z.object({
  id: z.string(),
  status: z.enum(SYNC_STATUSES),
  receiptNo: z.string().optional(),
  /** The server's member id: for a created member, or the existing one behind a phone conflict. */
  memberId: z.number().int().optional(),
  memberCode: z.string().optional(),
  message: z.string().optional(),
  /**
   * Why, for machines (our extension): `invalid`, `forbidden`, `not_found`, `waiting_for_member` and
   * `waiting_for_batch` (the entry names a member or batch this device has not synced yet: send that
   * first, then this entry again unchanged), `content_differs`, `phone_taken`, `receipt_no_replaced`,
   * `refused` (the database itself refused the entry; sending it again unchanged cannot succeed).
   */
  code: z.string().optional(),
});
export type SyncResult = z.infer<typeof SyncResult>;
export const SyncResponse = z.object({ results: z.array(SyncResult) });
export type SyncResponse = z.infer<typeof SyncResponse>;

/** A counting batch. Closing is the one change allowed after creation (closedAt goes from null to a time). */
export const BatchInput = z.object({
  id: z.uuid(),
  institutionId: recordId,
  name: z.string().trim().min(1).max(MAX_BATCH_NAME),
  serviceDate: z.iso.date(),
  currency: z.string().regex(CURRENCY_PATTERN),
  closedAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type BatchInput = z.input<typeof BatchInput>;

export const MemberInput = z.object({
  id: z.uuid(),
  institutionId: recordId,
  firstName: z.string().trim().min(1).max(MAX_MEMBER_NAME),
  lastName: z.string().trim().min(1).max(MAX_MEMBER_NAME),
  phone: Phone,
  email: z.email().max(MAX_EMAIL).optional(),
  gender: z.enum(GENDERS),
  preferredLanguage: z.enum(MEMBER_LANGUAGES),
  zoneId: recordId.optional(),
  // Missing, empty or not a code: the spec's "Please select country" in every case.
  country: z.string({ error: 'validation.selectCountry' }).regex(COUNTRY_PATTERN, { message: 'validation.selectCountry' }),
  addressOne: z.string().trim().max(MAX_ADDRESS).optional(),
  city: z.string().trim().max(MAX_PLACE).optional(),
  state: z.string().trim().max(MAX_PLACE).optional(),
  postalCode: z.string().trim().regex(POSTAL_CODE_PATTERN, { message: 'validation.digits' }).optional(),
});
export type MemberInput = z.input<typeof MemberInput>;

/** A member as the device caches it: enough to find and greet them, nothing more. */
export const CachedMember = z.object({
  id: z.number().int(),
  institutionId: z.number().int(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  preferredLanguage: z.enum(['sw', 'en']),
  zoneId: z.number().int().nullable(),
  deleted: z.boolean(),
});
export type CachedMember = z.infer<typeof CachedMember>;
/** Cursor paging over (updatedAt, id) so a device fetches only what changed since its last look. */
export const MemberCacheQuery = z.object({
  institutionId: recordIdText.optional(),
  since: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(2000),
});
/**
 * `next`: pass it as `since` to get the next page now (null when this page was the last).
 * `cursor` (our extension): where to resume at the next refresh, always present; it may repeat a
 * few recent rows, which the device simply overwrites.
 */
export const MemberCachePage = z.object({ data: z.array(CachedMember), next: z.string().nullable(), cursor: z.string() });

export const CashReceiptQuery = z.object({
  institutionId: recordIdText.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  offeringTypeId: recordIdText.optional(),
  memberId: recordIdText.optional(),
  batchId: z.uuid().optional(),
  recordedBy: recordIdText.optional(),
  method: z.enum(RECEIPT_METHODS).optional(),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the previous answer's `nextCursor`; when given, `offset` is not used. */
  cursor: z.string().max(400).optional(),
});
export type CashReceiptQuery = z.input<typeof CashReceiptQuery>;
export const CashReceiptExportQuery = CashReceiptQuery.omit({ limit: true, offset: true, cursor: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export type CashReceiptExportQuery = z.input<typeof CashReceiptExportQuery>;

export const CashReceiptRow = z.object({
  /** The client id for a receipt recorded on a device (so the outbox matches it), else the server's id. */
  id: z.string(),
  receiptNo: z.string().nullable(),
  institutionId: z.number().int(),
  memberId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  memberCode: z.string().nullable(),
  payerName: z.string().nullable(),
  payerPhone: z.string().nullable(),
  method: z.enum(RECEIPT_METHODS),
  chequeNo: z.string().nullable(),
  currency: z.string(),
  amount: z.number().int(),
  lines: z.array(z.object({ offeringTypeId: z.number().int(), title: z.string(), amount: z.number().int() })),
  batchId: z.string().nullable(),
  batchName: z.string().nullable(),
  note: z.string().nullable(),
  receivedAt: z.string(),
  recordedBy: z.number().int().nullable(),
  recordedByName: z.string().nullable(),
  syncedAt: z.string(),
  smsStatus: z.string().nullable(),
});
export type CashReceiptRow = z.infer<typeof CashReceiptRow>;
export const CashReceiptPage = z.object({
  data: z.array(CashReceiptRow),
  count: z.number().int(),
  /** Pass it back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  totals: z.object({
    amount: z.number().int(),
    byOfferingType: z.array(z.object({ offeringTypeId: z.number().int(), title: z.string(), amount: z.number().int(), count: z.number().int() })),
    /** Our extension: `amount` adds currencies together, so a page that mixes them shows each here. */
    byCurrency: z.array(z.object({ currency: z.string(), amount: z.number().int(), count: z.number().int() })).optional(),
  }),
});
export type CashReceiptPage = z.infer<typeof CashReceiptPage>;

export const BatchRow = z.object({
  id: z.string(),
  institutionId: z.number().int(),
  name: z.string(),
  serviceDate: z.string(),
  currency: z.string(),
  status: z.enum(['open', 'closed']),
  closedAt: z.string().nullable(),
  receiptCount: z.number().int(),
  total: z.number().int(),
  /** Our extensions (issue 11). When the server first had the batch. */
  openedAt: z.string(),
  /** Open, and both its service date and its opening older than the server's STALE_BATCH_DAYS. */
  stale: z.boolean(),
  /** Of `receiptCount`/`total`: receipts that reached the server after the batch was closed (a device that was offline). */
  lateCount: z.number().int(),
  lateTotal: z.number().int(),
});
export const BatchList = z.object({ data: z.array(BatchRow) });
export const BatchQuery = z.object({
  institutionId: recordIdText.optional(),
  status: z.enum(BATCH_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type BatchQuery = z.input<typeof BatchQuery>;
