import type { DefaultUserStep, ExtrasStep, InstitutionStep, SignatoriesStep, StartRegistrationInput } from '../../../domain/api/back-office-registration';
import { type CustomFieldRule, customFieldValueProblem } from '../../../domain/custom-field-rules';
import {
  ABBREVIATION_PATTERN,
  ACCOUNT_NUMBER_PATTERN,
  MAX_PLACE,
  MAX_REFERRAL_CODE,
  MAX_SIGNATORIES,
  MAX_TITLE,
  REGISTRATION_CHANNELS,
} from '../../../domain/registration-rules';
import type { FormIssue } from '../../components/ui/issues-resolver';
import {
  chosenIdProblem,
  emailProblem,
  issuesOf,
  normalEmail,
  optionalId,
  optionalIdProblem,
  textProblem,
  uploadIdProblem,
  type Problem,
} from '../../lib/form-checks';
import { DIGITS, INVALID, REQUIRED } from '../../lib/form-message-ids';
import { phoneForWire, withPhoneIssues } from '../../lib/form-phone-rules';

/**
 * The registration steps' forms as typed, checked without zod (docs/decisions/013-desk-bundle.md)
 * against the contract of domain/api/back-office-registration.ts: a phone as "country + local
 * number", selects that hold strings, an optional field left blank. Messages are domain ids that
 * fieldErrorWords turns into "<field> can not be empty" and friends.
 * test/client/registration-form-rules.test.ts holds each check and conversion equal to the zod
 * forms they replace. A check answers at once unless a typed phone waits for the phone rules.
 */
type Checked = FormIssue[] | Promise<FormIssue[]>;

export type StartFormValues = { phoneCountry: string; applicantPhone: string; applicantEmail: string };
export function startFormIssues(values: StartFormValues): Checked {
  const issues = issuesOf({ applicantEmail: emailProblem(values.applicantEmail) });
  return withPhoneIssues(issues, [{ path: 'applicantPhone', phone: values.applicantPhone, country: values.phoneCountry }]);
}
export function toStartInput(values: StartFormValues): StartRegistrationInput {
  return { applicantPhone: phoneForWire(values.applicantPhone, values.phoneCountry), applicantEmail: normalEmail(values.applicantEmail) };
}

export type InstitutionFormValues = {
  title: string;
  abbreviation: string;
  religionId: string;
  levelId: string;
  parentId: string;
  region: string;
  district: string;
  street: string;
  logoUploadId: number | null;
};
/** Empty is "can not be empty"; anything else must be 2 to 10 letters or digits once upper-cased. */
function abbreviationProblem(value: string): Problem {
  const abbreviation = value.trim().toUpperCase();
  if (abbreviation === '') return REQUIRED;
  return ABBREVIATION_PATTERN.test(abbreviation) ? null : INVALID;
}
export function institutionFormIssues(values: InstitutionFormValues): FormIssue[] {
  return issuesOf({
    title: textProblem(values.title, MAX_TITLE),
    abbreviation: abbreviationProblem(values.abbreviation),
    religionId: chosenIdProblem(values.religionId),
    levelId: chosenIdProblem(values.levelId),
    parentId: optionalIdProblem(values.parentId),
    region: textProblem(values.region, MAX_PLACE),
    district: textProblem(values.district, MAX_PLACE),
    street: textProblem(values.street, MAX_TITLE),
    logoUploadId: uploadIdProblem(values.logoUploadId),
  });
}
/** What is typed into the chosen level's custom fields, by field id (kept beside the form: the fields come with the options). */
export type CustomAnswers = Readonly<Record<number, string>>;
/** The fields whose answer misses their rules (ADR 047: the check the server makes); an empty answer is no answer. */
export function customAnswerProblems<F extends CustomFieldRule & { id: number }>(fields: readonly F[], answers: CustomAnswers): F[] {
  return fields.filter((field) => {
    const value = (answers[field.id] ?? '').trim();
    return value !== '' && customFieldValueProblem(field, value);
  });
}
export function toInstitutionStep(values: InstitutionFormValues, fields: ReadonlyArray<{ id: number }> = [], answers: CustomAnswers = {}): InstitutionStep {
  return {
    title: values.title.trim(),
    abbreviation: values.abbreviation.trim().toUpperCase(),
    religionId: Number(values.religionId),
    levelId: Number(values.levelId),
    parentId: optionalId(values.parentId),
    region: values.region.trim(),
    district: values.district.trim(),
    street: values.street.trim(),
    logoUploadId: values.logoUploadId,
    customFields: fields.map((field) => ({ fieldId: field.id, value: (answers[field.id] ?? '').trim() })).filter((answer) => answer.value !== ''),
  };
}

export type SignatoryFormValues = {
  name: string;
  phoneCountry: string;
  phone: string;
  email: string;
  documentUploadId: number | null;
  /** Only to show which file is attached; never sent. */
  documentName: string;
};
export type SignatoriesFormValues = { signatories: SignatoryFormValues[] };
export function signatoriesFormIssues(values: SignatoriesFormValues): Checked {
  const rows = values.signatories;
  // A count out of bounds is all that is said (zod checked the count before the rows).
  if (rows.length < 1) return [{ path: 'signatories', message: REQUIRED }];
  if (rows.length > MAX_SIGNATORIES) return [{ path: 'signatories', message: INVALID }];
  const issues: FormIssue[] = [];
  rows.forEach((row, index) => {
    issues.push(
      ...issuesOf({
        [`signatories.${index}.name`]: textProblem(row.name, MAX_TITLE),
        // The email is optional: blank is fine.
        [`signatories.${index}.email`]: row.email === '' ? null : emailProblem(row.email),
        [`signatories.${index}.documentUploadId`]: row.documentUploadId === null ? REQUIRED : uploadIdProblem(row.documentUploadId),
      }),
    );
  });
  return withPhoneIssues(
    issues,
    rows.map((row, index) => ({ path: `signatories.${index}.phone`, phone: row.phone, country: row.phoneCountry })),
  );
}
export function toSignatoriesStep(values: SignatoriesFormValues): SignatoriesStep {
  return {
    signatories: values.signatories.map((row) => ({
      name: row.name.trim(),
      phone: phoneForWire(row.phone, row.phoneCountry),
      email: row.email === '' ? null : normalEmail(row.email),
      documentUploadId: row.documentUploadId ?? 0,
    })),
  };
}

export type DefaultUserFormValues = { name: string; phoneCountry: string; phone: string; email: string };
export function defaultUserFormIssues(values: DefaultUserFormValues): Checked {
  const issues = issuesOf({ name: textProblem(values.name, MAX_TITLE), email: emailProblem(values.email) });
  return withPhoneIssues(issues, [{ path: 'phone', phone: values.phone, country: values.phoneCountry }]);
}
export function toDefaultUserStep(values: DefaultUserFormValues): DefaultUserStep {
  return { name: values.name.trim(), phone: phoneForWire(values.phone, values.phoneCountry), email: normalEmail(values.email) };
}

// Stricter than the wire (which only caps the length): a code is letters and digits.
const REFERRAL_CODE_PATTERN = new RegExp(`^[A-Z0-9]{0,${MAX_REFERRAL_CODE}}$`);
export type ExtrasFormValues = { referralCode: string; registrationChannel: (typeof REGISTRATION_CHANNELS)[number] };
export function extrasFormIssues(values: ExtrasFormValues): FormIssue[] {
  return issuesOf({
    referralCode: REFERRAL_CODE_PATTERN.test(values.referralCode.trim().toUpperCase()) ? null : INVALID,
    registrationChannel: REGISTRATION_CHANNELS.includes(values.registrationChannel) ? null : INVALID,
  });
}
export function toExtrasStep(values: ExtrasFormValues): ExtrasStep {
  const referralCode = values.referralCode.trim().toUpperCase();
  return { referralCode: referralCode === '' ? null : referralCode, registrationChannel: values.registrationChannel };
}

/** An account number at the bank (the bank-account step, and "request a new account"): 8 to 20 digits. */
export type AccountNumberValues = { accountNumber: string };
export function accountNumberIssues(values: AccountNumberValues): FormIssue[] {
  return issuesOf({ accountNumber: ACCOUNT_NUMBER_PATTERN.test(values.accountNumber.trim()) ? null : DIGITS });
}
export const toAccountNumber = (values: AccountNumberValues): AccountNumberValues => ({ accountNumber: values.accountNumber.trim() });
