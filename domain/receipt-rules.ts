import type { BatchInput, CashReceiptInput, MemberInput } from './api/receipts';
import { EMAIL_PATTERN } from './email-format';
import { MAX_RECORD_ID, MAX_TEXT_CHARS } from './limits';

/**
 * The offline desk's wire rules without zod (issue 3). The server checks every record with the zod
 * schemas of api/receipts.ts, built from the constants below. The PWA checks a record with the plain
 * functions below before writing it to the device, so the desk pages and the service worker do not
 * carry zod (~41 KiB gzip) — docs/decisions/013-desk-bundle.md. test/client/receipt-rules.test.ts
 * holds them equal to the zod schemas on generated input (same verdict, same stored value).
 *
 * Phone numbers need libphonenumber's metadata (~29 KiB): a check that meets a phone calls the
 * `isE164` its caller passes in, from domain/phone.ts loaded on demand.
 */

export const MAX_SYNC_BATCH = 100;
export const SYNC_STATUSES = ['created', 'duplicate', 'conflict', 'rejected'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** Largest single line: one hundred million in major units (minor units ×100), far above any envelope. */
export const MAX_LINE_AMOUNT = 10_000_000_000;
export const MAX_RECEIPT_LINES = 20;
export const RECEIPT_METHODS = ['cash', 'cheque'] as const;
export const GENDERS = ['male', 'female'] as const;
export const MEMBER_LANGUAGES = ['sw', 'en'] as const;
export const BATCH_STATUSES = ['open', 'closed'] as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export const MAX_PAYER_NAME = 200;
export const MAX_CHEQUE_NO = 40;
export const MAX_BATCH_NAME = 120;
export const MAX_MEMBER_NAME = 80;
export const MAX_EMAIL = 200;
export const MAX_ADDRESS = 200;
export const MAX_PLACE = 100;

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
export const RECEIPT_NO_PATTERN = /^[A-Z0-9-]{3,40}$/;
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
export const POSTAL_CODE_PATTERN = /^\d{1,10}$/;

// The formats zod 4 checks for z.uuid(), z.iso.date(), z.iso.datetime({ offset: true }) and z.email()
// (zod/v4/core regexes); the test compares them with zod's own.
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const DATE_SOURCE =
  '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
export const DATE_PATTERN = new RegExp(`^${DATE_SOURCE}$`);
export const DATETIME_OFFSET_PATTERN = new RegExp(`^${DATE_SOURCE}T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d)))$`);
export { EMAIL_PATTERN };

/** Message ids (domain/messages.ts) of the contract's own messages; anything else is `validation.invalid`. */
const INVALID = 'validation.invalid';
const REQUIRED = 'validation.required';
const INVALID_PHONE = 'validation.invalidPhone';
const SELECT_COUNTRY = 'validation.selectCountry';
const DIGITS = 'validation.digits';
const ONE_GIVER = 'receipt.oneGiver';

/** One refused field: `path` as in the zod issue, joined with dots ("lines.0.amount"). */
export type RuleIssue = { path: string; message: string };
export type RuleResult<T> = { ok: true; value: T } | { ok: false; issues: RuleIssue[] };
/** libphonenumber's verdict on an E.164 number (domain/phone.ts isE164). */
export type PhoneCheck = (value: string) => boolean;

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
/** As domain/api/common.ts's recordId: a positive integer a PostgreSQL integer column holds. */
const isId = (value: unknown): value is number => isPositiveInteger(value) && value <= MAX_RECORD_ID;

/**
 * Reads one object field by field, the way a zod object does: unknown keys are dropped, a key that
 * is present stays present (even when undefined), and each refused field becomes an issue.
 */
class FieldReader {
  readonly value: Fields = {};
  constructor(
    private readonly input: Fields,
    readonly issues: RuleIssue[],
    private readonly prefix = '',
  ) {}

  private refuse(key: string, message: string): void {
    this.issues.push({ path: `${this.prefix}${key}`, message });
  }

  private keep(key: string, value: unknown): void {
    if (value !== undefined || key in this.input) this.value[key] = value;
  }

  /** A required value; `check` answers null when it is fine, else the issue's message. */
  take(key: string, check: (value: unknown) => string | null, transform?: (value: string) => string): void {
    let value = this.input[key];
    if (transform && typeof value === 'string') value = transform(value);
    const problem = check(value);
    if (problem) this.refuse(key, problem);
    else this.keep(key, value);
  }

  /** Absent (undefined) is fine; anything else must pass `check`. */
  optional(key: string, check: (value: unknown) => string | null, transform?: (value: string) => string): void {
    if (this.input[key] === undefined) this.keep(key, undefined);
    else this.take(key, check, transform);
  }

  /** An optional nested object, read by `read` under this key's path. */
  optionalNested(key: string, read: (reader: FieldReader) => void): void {
    const input = this.input[key];
    if (input === undefined) return this.keep(key, undefined);
    if (!isFields(input)) return this.refuse(key, INVALID);
    const reader = new FieldReader(input, this.issues, `${this.prefix}${key}.`);
    read(reader);
    this.keep(key, reader.value);
  }

  /** A value read elsewhere (a list), kept as given. */
  set(key: string, value: unknown): void {
    this.value[key] = value;
  }

  path(key: string): string {
    return `${this.prefix}${key}`;
  }
}

const trim = (value: string) => value.trim();
const text =
  (options: { min?: number; max?: number; pattern?: RegExp; message?: string } = {}) =>
  (value: unknown): string | null => {
    if (typeof value !== 'string') return options.message ?? INVALID;
    if (value.length < (options.min ?? 0) || (options.max !== undefined && value.length > options.max)) return options.message ?? INVALID;
    if (options.pattern && !options.pattern.test(value)) return options.message ?? INVALID;
    return null;
  };
const id = (value: unknown) => (isId(value) ? null : INVALID);
const uuid = text({ pattern: UUID_PATTERN });
const currency = text({ pattern: CURRENCY_PATTERN });
const oneOf =
  (values: readonly string[]) =>
  (value: unknown): string | null =>
    typeof value === 'string' && values.includes(value) ? null : INVALID;
const phone = (isE164: PhoneCheck) => (value: unknown) => (typeof value === 'string' && isE164(value) ? null : INVALID_PHONE);

function result<T>(reader: FieldReader): RuleResult<T> {
  return reader.issues.length === 0 ? { ok: true, value: reader.value as T } : { ok: false, issues: reader.issues };
}

function readLines(input: unknown, issues: RuleIssue[]): unknown {
  if (!Array.isArray(input) || input.length < 1 || input.length > MAX_RECEIPT_LINES) {
    issues.push({ path: 'lines', message: INVALID });
    return input;
  }
  return input.map((line: unknown, index) => {
    if (!isFields(line)) {
      issues.push({ path: `lines.${index}`, message: INVALID });
      return line;
    }
    const reader = new FieldReader(line, issues, `lines.${index}.`);
    reader.take('offeringTypeId', id);
    reader.take('amount', (amount) => (isPositiveInteger(amount) && amount <= MAX_LINE_AMOUNT ? null : INVALID));
    return reader.value;
  });
}

/** CashReceiptInput of api/receipts.ts: one receipt as the outbox sends it. */
export function checkCashReceipt(input: unknown, isE164: PhoneCheck): RuleResult<CashReceiptInput> {
  if (!isFields(input)) return { ok: false, issues: [{ path: '', message: INVALID }] };
  const reader = new FieldReader(input, []);
  reader.take('id', uuid);
  reader.take('institutionId', id);
  reader.optional('memberId', id);
  reader.optional('memberClientId', uuid);
  reader.optionalNested('payer', (payer) => {
    payer.take('name', text({ min: 1, max: MAX_PAYER_NAME }), trim);
    payer.optional('phone', phone(isE164), trim);
  });
  reader.set('lines', readLines(input.lines, reader.issues));
  reader.take('currency', currency);
  reader.take('receivedAt', text({ pattern: DATETIME_OFFSET_PATTERN }));
  reader.optional('batchId', uuid);
  if (input.method === undefined) reader.set('method', 'cash');
  else reader.take('method', oneOf(RECEIPT_METHODS));
  reader.optional('chequeNo', text({ min: 1, max: MAX_CHEQUE_NO }), trim);
  reader.optional('note', text({ max: MAX_TEXT_CHARS }));
  reader.optional('receiptNo', text({ pattern: RECEIPT_NO_PATTERN }));

  // At most one giver: a synced member, an offline registration, a walk-in payer — or none, a loose offering.
  const givers = [input.memberId, input.memberClientId, input.payer].filter((giver) => giver !== undefined).length;
  if (givers > 1) reader.issues.push({ path: reader.path('payer'), message: ONE_GIVER });
  if (input.method === 'cheque' && input.chequeNo === undefined) reader.issues.push({ path: reader.path('chequeNo'), message: REQUIRED });
  return result(reader);
}

/** MemberInput of api/receipts.ts: a member registered on a device. */
export function checkMember(input: unknown, isE164: PhoneCheck): RuleResult<MemberInput> {
  if (!isFields(input)) return { ok: false, issues: [{ path: '', message: INVALID }] };
  const reader = new FieldReader(input, []);
  reader.take('id', uuid);
  reader.take('institutionId', id);
  reader.take('firstName', text({ min: 1, max: MAX_MEMBER_NAME }), trim);
  reader.take('lastName', text({ min: 1, max: MAX_MEMBER_NAME }), trim);
  reader.take('phone', phone(isE164), trim);
  reader.optional('email', (email) => (typeof email === 'string' && !EMAIL_PATTERN.test(email) ? INVALID : text({ max: MAX_EMAIL })(email)));
  reader.take('gender', oneOf(GENDERS));
  reader.take('preferredLanguage', oneOf(MEMBER_LANGUAGES));
  reader.optional('zoneId', id);
  // Missing, empty or not a code: the spec's "Please select country" in every case.
  reader.take('country', text({ pattern: COUNTRY_PATTERN, message: SELECT_COUNTRY }));
  reader.optional('addressOne', text({ max: MAX_ADDRESS }), trim);
  reader.optional('city', text({ max: MAX_PLACE }), trim);
  reader.optional('state', text({ max: MAX_PLACE }), trim);
  reader.optional('postalCode', (code) => (typeof code === 'string' && !POSTAL_CODE_PATTERN.test(code) ? DIGITS : text()(code)), trim);
  return result(reader);
}

/** BatchInput of api/receipts.ts: a counting batch; closing is the one change allowed later. */
export function checkBatch(input: unknown): RuleResult<BatchInput> {
  if (!isFields(input)) return { ok: false, issues: [{ path: '', message: INVALID }] };
  const reader = new FieldReader(input, []);
  reader.take('id', uuid);
  reader.take('institutionId', id);
  reader.take('name', text({ min: 1, max: MAX_BATCH_NAME }), trim);
  reader.take('serviceDate', text({ pattern: DATE_PATTERN }));
  reader.take('currency', currency);
  if (input.closedAt === undefined) reader.set('closedAt', null);
  else reader.take('closedAt', (closedAt) => (closedAt === null ? null : text({ pattern: DATETIME_OFFSET_PATTERN })(closedAt)));
  return result(reader);
}

/** The contract's Phone: trimmed, then libphonenumber's verdict. */
export function checkPhone(input: unknown, isE164: PhoneCheck): RuleResult<string> {
  const value = typeof input === 'string' ? input.trim() : input;
  return typeof value === 'string' && isE164(value) ? { ok: true, value } : { ok: false, issues: [{ path: '', message: INVALID_PHONE }] };
}
