import { DATE_PATTERN, MAX_CHEQUE_NO, MAX_LINE_AMOUNT, MAX_PAYER_NAME, MAX_RECEIPT_LINES, type RECEIPT_METHODS } from '../../../domain/receipt-rules';
import { MAX_TEXT_CHARS } from '../../../domain/limits';
import type { FormIssue } from '../../components/ui/issues-resolver';
import { parseMoney } from '../../components/ui/money-text';
import type { LocalMember } from '../../lib/offline/types';
import { deskDay, receivedAtFor } from './dates';
import { loadPhoneRules, phoneRulesIfLoaded, type PhoneRules } from './desk-data';

export type LineValues = { offeringTypeId: string; amount: string };
export type ReceiptFormValues = {
  /** A member, a walk-in giver (name, phone if they leave one), or a loose offering with no giver (the plate). */
  giverKind: 'member' | 'walkIn' | 'loose';
  member: LocalMember | null;
  payerName: string;
  payerCountry: string;
  payerPhone: string;
  lines: LineValues[];
  method: (typeof RECEIPT_METHODS)[number];
  chequeNo: string;
  receivedOn: string;
  note: string;
};

// Messages are domain message ids; validationText() fills in the field's name in the active language.
const REQUIRED = 'validation.required';
const DIGITS = 'validation.digits';
const INVALID = 'validation.invalid';
const IN_FUTURE = 'receipt.receivedInFuture';

function lineIssues(lines: readonly LineValues[], currency: string): FormIssue[] {
  if (lines.length < 1 || lines.length > MAX_RECEIPT_LINES) return [{ path: 'lines', message: INVALID }];
  return lines.flatMap((line, index) => {
    const issues: FormIssue[] = [];
    if (line.offeringTypeId === '') issues.push({ path: `lines.${index}.offeringTypeId`, message: REQUIRED });
    const parsed = parseMoney(line.amount, currency);
    if (!parsed.ok) issues.push({ path: `lines.${index}.amount`, message: parsed.reason === 'empty' ? REQUIRED : DIGITS });
    else if (parsed.minor <= 0 || parsed.minor > MAX_LINE_AMOUNT) issues.push({ path: `lines.${index}.amount`, message: INVALID });
    return issues;
  });
}

function phoneIssues(values: ReceiptFormValues, phone: PhoneRules): FormIssue[] {
  return phone.toE164(values.payerPhone, values.payerCountry) ? [] : [{ path: 'payerPhone', message: 'validation.invalidPhone' }];
}

/**
 * Checks the envelope as typed (amounts in the currency's minor units). Synchronous for a member's
 * envelope — the common case at a counting table; a walk-in's phone waits for the phone rules the
 * first time (they load when the walk-in fields appear, so usually they are already there).
 * `now` is the device's clock: the date received may be today (in the institution's zone) or earlier.
 */
export function receiptFormIssues(values: ReceiptFormValues, currency: string, timeZone: string, now: Date = new Date()): FormIssue[] | Promise<FormIssue[]> {
  const issues: FormIssue[] = [];
  if (values.payerName.length > MAX_PAYER_NAME) issues.push({ path: 'payerName', message: INVALID });
  issues.push(...lineIssues(values.lines, currency));
  if (values.chequeNo.length > MAX_CHEQUE_NO) issues.push({ path: 'chequeNo', message: INVALID });
  if (!DATE_PATTERN.test(values.receivedOn)) issues.push({ path: 'receivedOn', message: REQUIRED });
  // yyyy-mm-dd sorts as the days do. (The server allows 12 hours ahead, for device clocks that run fast.)
  else if (values.receivedOn > deskDay(timeZone, now)) issues.push({ path: 'receivedOn', message: IN_FUTURE });
  if (values.note.length > MAX_TEXT_CHARS) issues.push({ path: 'note', message: 'validation.tooLong' });
  let checkPhone = false;
  if (values.giverKind === 'member') {
    if (!values.member) issues.push({ path: 'member', message: REQUIRED });
  } else if (values.giverKind === 'walkIn') {
    if (values.payerName.trim() === '') issues.push({ path: 'payerName', message: REQUIRED });
    // A walk-in may leave no phone (then no SMS receipt); a phone that is typed must be a real one.
    checkPhone = values.payerPhone.trim() !== '';
  }
  if (values.method === 'cheque' && values.chequeNo.trim() === '') issues.push({ path: 'chequeNo', message: REQUIRED });
  if (!checkPhone) return issues;
  const loaded = phoneRulesIfLoaded();
  if (loaded) return [...issues, ...phoneIssues(values, loaded)];
  return loadPhoneRules().then((phone) => [...issues, ...phoneIssues(values, phone)]);
}

export type ReceiptContext = {
  institution: { id: number; code: string; timeZone: string };
  batchId: string | null;
  currency: string;
  recordedBy: { id: number; name: string };
};

function walkInPayer(values: ReceiptFormValues, phone: PhoneRules | null): { name: string; phone?: string } {
  const name = values.payerName.trim();
  if (values.payerPhone.trim() === '') return { name };
  return { name, phone: phone?.toE164(values.payerPhone, values.payerCountry) ?? values.payerPhone };
}

/** The draft recordReceipt() takes, from values the check has accepted; `phone` for a walk-in's number. */
export function toReceiptDraft(values: ReceiptFormValues, context: ReceiptContext, phone: PhoneRules | null, now: Date = new Date()) {
  const walkIn = values.giverKind === 'walkIn';
  const note = values.note.trim();
  return {
    institutionId: context.institution.id,
    institutionCode: context.institution.code,
    batchId: context.batchId,
    member: values.giverKind === 'member' ? values.member : null,
    payer: walkIn ? walkInPayer(values, phone) : null,
    lines: values.lines.map((line) => {
      const parsed = parseMoney(line.amount, context.currency);
      return { offeringTypeId: Number(line.offeringTypeId), amount: parsed.ok ? parsed.minor : 0 };
    }),
    currency: context.currency,
    receivedAt: receivedAtFor(values.receivedOn, context.institution.timeZone, now),
    method: values.method,
    ...(values.method === 'cheque' ? { chequeNo: values.chequeNo.trim() } : {}),
    ...(note ? { note } : {}),
    recordedBy: context.recordedBy,
  };
}

/** A fresh envelope: same date and method as the last one (counting teams work in runs). */
export function emptyReceipt(defaults: { offeringTypeId: string; receivedOn: string; method?: ReceiptFormValues['method'] }): ReceiptFormValues {
  return {
    giverKind: 'member',
    member: null,
    payerName: '',
    payerCountry: 'TZ',
    payerPhone: '',
    lines: [{ offeringTypeId: defaults.offeringTypeId, amount: '' }],
    method: defaults.method ?? 'cash',
    chequeNo: '',
    receivedOn: defaults.receivedOn,
    note: '',
  };
}
