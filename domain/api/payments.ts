import { z } from 'zod';
import { MAX_RECORD_ID, recordId, recordIdText } from './common';
import { isE164 } from '../phone';
import { MOBILE_OPERATORS, PAYMENT_METHODS, TRANSACTION_STATUSES } from '../statuses';

/**
 * The payments wire contract (issue 4), shared by the server routes, the giving page and the staff
 * screens. All amounts are integer minor units of `currency` (TZS has 2 decimals: 1,000 TZS is 100000).
 *
 * Public giving flow (no sign-in):
 *  1. `POST lookupPhone` {phone} → known member(s) with a partly masked name and their church, or none.
 *  2. `GET institutions?search=` (guests) or `GET institutionById` → offering types and whether the
 *     church/mosque has a bank account (empty lists drive the "not set" empty states).
 *  3. `POST payments` with an `Idempotency-Key` header (a fresh UUID per attempt; resend the SAME key
 *     when retrying after a network error) → 201 {id, status, …}; for card a `checkoutUrl` to open,
 *     for bank the `bankTransfer` instructions. Same key + same body → the same answer (header
 *     `Idempotent-Replayed: true`), same key + other body → 422, same key while the first is still
 *     running → 409 (retry shortly).
 *  4. `GET paymentById` every 2–3 s until `status` is final (completed, failed, canceled) → receipt,
 *     or `reason` (already in the caller's language) with a retry (a NEW key). The hosted card page
 *     sends the payer back to `/give-offerings?payment={id}`: resume waiting on that id.
 * Messages for the page's own empty states are in domain/messages-payments.ts (paymentsPhoneNotFound,
 * paymentsOfferingsNotSet, paymentsNoBankAccount, paymentsInvalidCardNumber/-Expiry); network names
 * in domain/operators.ts (OPERATOR_WALLETS, detectOperator); card checks in domain/card.ts.
 * Staff use the same `POST payments` when signed in (desk push): it then needs the push:create grant
 * and an institution in their scope, and records who sent it.
 */

export const ONLINE_METHODS = ['mobile', 'card', 'bank'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];

/** Header carrying the client's idempotency key (case-insensitive, like every HTTP header). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set to "true" on an answer replayed from an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const MAX_PAYMENT_LINES = 10;
/** One hundred million in major units (×100 minor); far above any single gift. */
export const MAX_PAYMENT_LINE_AMOUNT = 10_000_000_000;

/** Why a payment ended as it did; `reason` carries the same in words, in the caller's language. */
export const PAYMENT_REASON_CODES = [
  'refused',
  'insufficient_funds',
  'timeout',
  'declined',
  'amount_mismatch',
  'provider_error',
  'canceled_by_staff',
  'transfer_not_received',
] as const;
export type PaymentReasonCode = (typeof PAYMENT_REASON_CODES)[number];

export const CREDIT_STATUSES = ['pending', 'credited', 'failed'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** API paths under API_BASE ('/api'). */
export const paymentApiPaths = {
  payments: '/payments',
  paymentById: (id: string) => `/payments/${encodeURIComponent(id)}`,
  checkPayment: (id: string) => `/payments/${encodeURIComponent(id)}/check`,
  cancelPayment: (id: string) => `/payments/${encodeURIComponent(id)}/cancel`,
  confirmTransfer: (id: string) => `/payments/${encodeURIComponent(id)}/confirm-transfer`,
  pendingPushes: '/payments/pending',
  lookupPhone: '/giving/lookup-phone',
  institutions: '/giving/institutions',
  institutionById: (id: number) => `/giving/institutions/${id}`,
  /** Online member registration (domain/api/giving-members.ts). */
  registerMember: '/giving/members',
  transactions: '/transactions',
  transactionById: (id: string) => `/transactions/${encodeURIComponent(id)}`,
  transactionsExport: '/transactions/export',
  failedCredits: '/payments/failed-credits',
  retryCredit: (id: string) => `/payments/${encodeURIComponent(id)}/retry-credit`,
  settlements: '/settlements',
} as const;

const PhoneE164 = z.string().trim().refine(isE164, { message: 'validation.invalidPhone' });
const CurrencyCode = z.string().trim().regex(/^[A-Z]{3}$/);
const Uuid = z.uuid();

// ---------------------------------------------------------------- initiation

export const PaymentLineInput = z.object({
  offeringTypeId: recordId,
  amount: z.number().int().positive().max(MAX_PAYMENT_LINE_AMOUNT),
});

export const PaymentInput = z
  .object({
    institutionId: recordId,
    /** The payer's phone, E.164: it receives the push (mobile) and the SMS receipt. */
    phone: PhoneE164,
    method: z.enum(ONLINE_METHODS),
    lines: z.array(PaymentLineInput).min(1).max(MAX_PAYMENT_LINES),
    currency: CurrencyCode,
    /** A known member (from lookupPhone); omitted for guests. */
    memberId: recordId.optional(),
    /**
     * One of that member's open pledges here (from the giving page's pledge list, domain/api/giving-pledges.ts):
     * the line of the pledge's offering type pays it first, once the payment completes (ADR 027, 056).
     */
    pledgeId: recordId.optional(),
  })
  .refine((p) => new Set(p.lines.map((l) => l.offeringTypeId)).size === p.lines.length, {
    message: 'payments.duplicateOfferingType',
    path: ['lines'],
  });
export type PaymentInput = z.input<typeof PaymentInput>;

export const IdempotencyKey = z.string().trim().min(8).max(200).regex(/^[\x21-\x7e]+$/);

/** What to show for a bank transfer: where to send it and the reference the payer must quote. */
export const BankTransferInstructions = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  branch: z.string().nullable(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** After this the payment is canceled (reason transfer_not_received) if no transfer arrived. */
  expiresAt: z.string(),
});
export type BankTransferInstructions = z.infer<typeof BankTransferInstructions>;

export const PaymentCreated = z.object({
  id: Uuid,
  status: z.enum(TRANSACTION_STATUSES),
  /** Short reference (also what a bank transfer must quote). */
  referenceNo: z.string(),
  method: z.enum(ONLINE_METHODS),
  /** The network the push went to (mobile only). */
  operator: z.enum(MOBILE_OPERATORS).nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  currency: z.string(),
  /** Card: open this hosted card page; it returns to the giving page when done. */
  checkoutUrl: z.string().optional(),
  bankTransfer: BankTransferInstructions.optional(),
});
export type PaymentCreated = z.infer<typeof PaymentCreated>;

// ---------------------------------------------------------------- following one payment

export const PaymentIdParam = z.object({ id: Uuid });

/** `GET /payments/{id}`: what the waiting screen follows and the receipt shows. No personal data beyond a masked phone. */
export const PaymentStatusView = z.object({
  id: Uuid,
  status: z.enum(TRANSACTION_STATUSES),
  reason: z.string().optional(),
  reasonCode: z.enum(PAYMENT_REASON_CODES).optional(),
  receiptNo: z.string().optional(),
  referenceNo: z.string(),
  method: z.enum(ONLINE_METHODS),
  operator: z.enum(MOBILE_OPERATORS).nullable(),
  amount: z.number().int(),
  currency: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string() }),
  lines: z.array(z.object({ offeringTypeId: z.number().int(), title: z.string(), amount: z.number().int() })),
  /** "+255 7•• ••• 678". */
  payerPhone: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  checkoutUrl: z.string().optional(),
  bankTransfer: BankTransferInstructions.optional(),
});
export type PaymentStatusView = z.infer<typeof PaymentStatusView>;

export const CancelPaymentInput = z.object({ reason: z.string().trim().max(200).optional() }).optional();
export const ConfirmTransferInput = z.object({
  /** The bank's own reference of the incoming transfer (e.g. FT…). */
  bankReference: z.string().trim().min(3).max(60),
  amount: z.number().int().positive().max(MAX_PAYMENT_LINE_AMOUNT * MAX_PAYMENT_LINES),
});

// ---------------------------------------------------------------- public look-ups

export const PhoneLookupInput = z.object({ phone: PhoneE164 });
export const KnownGiver = z.object({
  memberId: z.number().int(),
  /** "Ne••• Mu•••": enough for a person to recognise themselves, not to learn who owns a number. */
  maskedName: z.string(),
  preferredLanguage: z.enum(['sw', 'en']),
  institution: z.object({ id: z.number().int(), title: z.string(), code: z.string() }),
});
export type KnownGiver = z.infer<typeof KnownGiver>;
export const PhoneLookupResult = z.object({ found: z.boolean(), members: z.array(KnownGiver) });
export type PhoneLookupResult = z.infer<typeof PhoneLookupResult>;

export const InstitutionSearchQuery = z.object({ search: z.string().trim().min(2).max(100) });
export const GivingInstitution = z.object({
  id: z.number().int(),
  title: z.string(),
  code: z.string(),
  religion: z.string(),
  /** Empty: show "Offerings is not set, contact church/mosque admin". */
  offeringTypes: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** False: bank transfer is not offered ("No bank account found"). */
  hasBankAccount: z.boolean(),
});
export type GivingInstitution = z.infer<typeof GivingInstitution>;
export const GivingInstitutionList = z.object({ data: z.array(GivingInstitution) });
export const InstitutionIdParam = z.object({ id: recordIdText });

// ---------------------------------------------------------------- staff: transactions

export const TRANSACTION_STATUS_FILTERS = ['all', ...TRANSACTION_STATUSES] as const;
export const DATE_RANGES = ['today', '7d', '1m', '3m', '6m', 'custom'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

const TransactionFilterShape = {
  status: z.enum(TRANSACTION_STATUS_FILTERS).default('all'),
  /** Days are East Africa Time (UTC+3); custom takes `from` and `to` (inclusive, YYYY-MM-DD). */
  range: z.enum(DATE_RANGES).default('1m'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Reference, receipt, transaction id, payer name or phone (≥ 3 characters). */
  search: z.string().trim().min(3).max(100).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  operator: z.enum(MOBILE_OPERATORS).optional(),
  /** Narrow to one institution (and those below it) within the caller's scope. */
  institutionId: recordIdText.optional(),
  /** Only institutions of this bank branch (0: those without one): the list behind the bank dashboard's figure by branch. */
  branchId: z.coerce.number<number | string>().int().min(0).max(MAX_RECORD_ID).optional(),
  /** Only institutions of this religion: the list behind the figure by religion. */
  religionId: recordIdText.optional(),
  /**
   * Only transactions with a line of this offering type (the whole transaction, all its lines): the
   * list behind the dashboard's figure by offering type (ADR 075).
   */
  offeringTypeId: recordIdText.optional(),
};
const customNeedsDates = (q: { range: string; from?: string | undefined; to?: string | undefined }) =>
  q.range !== 'custom' || (q.from !== undefined && q.to !== undefined && q.from <= q.to);

export const TransactionQuery = z
  .object({
    ...TransactionFilterShape,
    limit: z.coerce.number<number | string>().int().min(1).max(100).default(25),
    offset: z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0),
    /** Keyset paging: the previous answer's `nextCursor`; when given, `offset` is not used. */
    cursor: z.string().max(400).optional(),
  })
  .refine(customNeedsDates, { message: 'payments.customRange', path: ['from'] });
export type TransactionQuery = z.input<typeof TransactionQuery>;

export const TransactionExportQuery = z
  .object({ ...TransactionFilterShape, format: z.enum(['csv', 'xlsx']).default('csv') })
  .refine(customNeedsDates, { message: 'payments.customRange', path: ['from'] });

export const TransactionRow = z.object({
  id: z.string(),
  referenceNo: z.string(),
  receiptNo: z.string().nullable(),
  trxId: z.string().nullable(),
  institution: z.object({ id: z.number().int(), title: z.string() }),
  memberId: z.number().int().nullable(),
  payer: z.string().nullable(),
  phone: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  operator: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  fee: z.number().int(),
  currency: z.string(),
  /** Cancel reason (canceled, pending_cancel), localised when it is one of ours. */
  reason: z.string().nullable(),
  /** Failure reason (failed), localised when it is one of ours. */
  failedReason: z.string().nullable(),
  creditStatus: z.enum(CREDIT_STATUSES).nullable(),
  /** Who sent a desk push or recorded a receipt; null for the public giving page. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** When the money was received (a receipt's service day and time, a payment's start): the day the list's range and the dashboards count it on. */
  receivedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TransactionRow = z.infer<typeof TransactionRow>;
export const TransactionPage = z.object({
  data: z.array(TransactionRow),
  count: z.number().int(),
  /** Over every matching row (not just this page), per currency. */
  totals: z.array(z.object({ currency: z.string(), amount: z.number().int(), fee: z.number().int(), count: z.number().int() })),
  /** Pass it back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type TransactionPage = z.infer<typeof TransactionPage>;

export const TransactionDetail = TransactionRow.extend({
  lines: z.array(z.object({ offeringTypeId: z.number().int(), title: z.string(), amount: z.number().int() })),
  /** The balanced ledger entry of a completed payment: clearing debit, fee and share credits. */
  ledger: z.array(
    z.object({
      account: z.string(),
      institutionId: z.number().int().nullable(),
      institution: z.string().nullable(),
      offeringTypeId: z.number().int().nullable(),
      debit: z.number().int(),
      credit: z.number().int(),
    }),
  ),
  /** Credits to the share holders' bank accounts. */
  credits: z.array(z.object({ institution: z.string(), share: z.string(), accountNumber: z.string(), amount: z.number().int(), creditedAt: z.string() })),
  /** What happened, oldest first: initiation, push, callbacks, polls, cancel, credit attempts. */
  events: z.array(z.object({ at: z.string(), source: z.string(), outcome: z.string(), detail: z.string().nullable() })),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

// ---------------------------------------------------------------- staff: pushes, credits, settlement

export const PendingPushQuery = z.object({
  institutionId: recordIdText.optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(25),
  offset: z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the previous answer's `nextCursor`; when given, `offset` is not used. */
  cursor: z.string().max(400).optional(),
});
export const PendingPushPage = z.object({ data: z.array(TransactionRow), count: z.number().int(), nextCursor: z.string().nullable() });

export const FailedCreditQuery = PendingPushQuery;
export const FailedCreditRow = z.object({
  id: z.string(),
  referenceNo: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string() }),
  amount: z.number().int(),
  fee: z.number().int(),
  currency: z.string(),
  completedAt: z.string().nullable(),
  /** Why the last attempt failed (e.g. the account is not active). */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
});
export type FailedCreditRow = z.infer<typeof FailedCreditRow>;
export const FailedCreditPage = z.object({ data: z.array(FailedCreditRow), count: z.number().int(), nextCursor: z.string().nullable() });
export const CreditResult = z.object({ id: z.string(), creditStatus: z.enum(CREDIT_STATUSES), reason: z.string().nullable() });
export type CreditResult = z.infer<typeof CreditResult>;

export const SettlementQuery = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    institutionId: recordIdText.optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'payments.customRange', path: ['from'] });
export type SettlementQuery = z.input<typeof SettlementQuery>;

/**
 * One day (EAT) of completed online payments (mobile, card, bank) collected for one institution
 * into its account: gross = what payers paid, fees = our fees, net = gross − fees, and how the net
 * splits into the church, field and union shares (church + field + union = net).
 */
export const SettlementRow = z.object({
  day: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string() }),
  accountNumber: z.string().nullable(),
  currency: z.string(),
  count: z.number().int(),
  gross: z.number().int(),
  fees: z.number().int(),
  net: z.number().int(),
  shares: z.object({ church: z.number().int(), field: z.number().int(), union: z.number().int() }),
  /** Payments of this row whose credit to the share holders' accounts failed (see failed credits). */
  creditFailed: z.number().int(),
});
export type SettlementRow = z.infer<typeof SettlementRow>;
export const SettlementPage = z.object({
  data: z.array(SettlementRow),
  totals: z.array(
    z.object({
      currency: z.string(),
      count: z.number().int(),
      gross: z.number().int(),
      fees: z.number().int(),
      net: z.number().int(),
      shares: z.object({ church: z.number().int(), field: z.number().int(), union: z.number().int() }),
    }),
  ),
});
export type SettlementPage = z.infer<typeof SettlementPage>;

// ---------------------------------------------------------------- small shared helpers

/** "Neema Mushi" → "Ne••• Mu•••": the first two letters of each name. */
export function maskName(first: string, last: string): string {
  const mask = (name: string) => {
    const letters = [...name.trim()];
    if (letters.length === 0) return '';
    return `${letters.slice(0, Math.min(2, Math.max(1, letters.length - 1))).join('')}•••`;
  };
  return [mask(first), mask(last)].filter(Boolean).join(' ');
}

/** "+255712345678" → "+255 7•• ••• 678". */
export function maskPhone(e164: string): string {
  const match = /^(\+\d{3})(\d)\d*(\d{3})$/.exec(e164);
  if (!match) return '•••';
  return `${match[1]} ${match[2]}•• ••• ${match[3]}`;
}
