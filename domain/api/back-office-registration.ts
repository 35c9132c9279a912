import { z } from 'zod';
import { recordId } from './common';
import { MAX_FIELD_ANSWERS, MAX_FIELD_CHARS } from '../custom-field-rules';
import { MAX_EMAIL_ADDRESS } from '../limits';
import { isE164 } from '../phone';
import { REGISTRATION_STATUSES } from '../statuses';
import {
  ABBREVIATION_PATTERN,
  ACCESS_CODE_PATTERN,
  ACCOUNT_NUMBER_PATTERN,
  INSTITUTION_CODE_LENGTH,
  MAX_PLACE,
  MAX_REFERRAL_CODE,
  MAX_SIGNATORIES,
  MAX_TITLE,
  REGISTRATION_CHANNELS,
  REGISTRATION_STEPS,
  UPLOAD_PURPOSES,
} from '../registration-rules';
import { UploadInfo } from './back-office';
import { CustomField } from './structure';

/**
 * Bank back office, part 2: self-registration of a church or mosque (/registration, /preview),
 * saved step by step by an applicant who has no account. No sign-in: `POST /registrations` answers
 * an unguessable `token` that the client keeps (e.g. in localStorage) and sends back in the
 * `x-registration-token` header on every later call. Only its hash is stored.
 *
 * One unfinished registration per applicant phone AND per applicant email: starting another while
 * one is unfinished answers 409 ("Complete it before starting another"); a draft untouched for
 * 30 days is abandoned and no longer blocks (docs/decisions/008-registration.md).
 *
 * Public (token) calls, all under /api:
 * - `POST /registrations` StartRegistrationInput → 201 RegistrationStarted
 * - `GET /registrations/current` → RegistrationView (everything saved so far: the preview)
 * - `PUT /registrations/current/institution` InstitutionStep
 * - `PUT /registrations/current/bank-account` BankAccountStep → looked up at the bank; unknown →
 *   422 "Provided bank account is not found. Please check and try again"
 * - `POST /registrations/current/uploads?purpose=document|logo` multipart (one `file`, ≤ 15 MB,
 *   PDF/PNG/JPEG by content) → 201 UploadInfo (use its id in the signatories or institution step)
 * - `PUT /registrations/current/signatories` SignatoriesStep
 * - `PUT /registrations/current/default-user` DefaultUserStep
 * - `PUT /registrations/current/extras` ExtrasStep (referral code, registration channel)
 * - `POST /registrations/current/submit` → RegistrationView (status `submitted`: waiting at the branch)
 * - `GET /registration-options` → RegistrationOptions (religions, levels, possible parents)
 *
 * Staff calls (bank users, scoped like requests):
 * - `GET /registrations?status&limit&offset&cursor` → RegistrationList (the registration summary)
 * - `GET /registrations/{id}` → RegistrationView
 * - `POST /registrations/{id}/forward` → 201 SubmittedRequest: branch staff check the submitted
 *   registration and send it for approval (they are the maker; a second person approves).
 * - `POST /institutions/{id}/amendments` AmendmentInput → 201 SubmittedRequest ("change institution
 *   details", an `application` request of kind `amendment`), for bank staff or the institution's own users.
 * - `POST /bank-accounts` NewAccountInput → 201 SubmittedRequest ("request new account").
 */
// The constants live zod-free in domain/registration-rules.ts (the registration pages use them
// without zod); re-exported here for the server and everything else that reads the contract.
export {
  INSTITUTION_ACCESS_HEADER,
  MAX_SIGNATORIES,
  REGISTRATION_CHANNELS,
  REGISTRATION_STEPS,
  REGISTRATION_TOKEN_HEADER,
  UPLOAD_PURPOSES,
  type RegistrationStep,
} from '../registration-rules';

const Phone = z.string().trim().refine(isE164, { message: 'validation.invalidPhone' });
const Email = z.string().trim().toLowerCase().max(MAX_EMAIL_ADDRESS).pipe(z.email({ message: 'validation.invalidEmail' }));
const Text = (max: number) => z.string().trim().min(1).max(max);

export const StartRegistrationInput = z.object({ applicantPhone: Phone, applicantEmail: Email });
export type StartRegistrationInput = z.infer<typeof StartRegistrationInput>;

/**
 * An answer to one custom field of the chosen level (ADR 047). The server checks it against the
 * field's rules (type, characters, items) at every save, at submit, when forwarded and again at
 * approval; an empty answer is dropped.
 */
export const CustomFieldAnswer = z.object({ fieldId: z.number().int().positive(), value: z.string().trim().max(MAX_FIELD_CHARS) });
export type CustomFieldAnswer = z.infer<typeof CustomFieldAnswer>;

export const InstitutionStep = z.object({
  title: Text(MAX_TITLE),
  abbreviation: z.string().trim().toUpperCase().regex(ABBREVIATION_PATTERN),
  religionId: recordId,
  levelId: recordId,
  /** The institution one level up (null only for a top-level one, e.g. a union). */
  parentId: recordId.nullable(),
  region: Text(MAX_PLACE),
  district: Text(MAX_PLACE),
  street: Text(MAX_TITLE),
  logoUploadId: recordId.nullable().default(null),
  customFields: z.array(CustomFieldAnswer).max(MAX_FIELD_ANSWERS).default([]),
});
export type InstitutionStep = z.infer<typeof InstitutionStep>;

export const BankAccountStep = z.object({ accountNumber: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, { message: 'validation.digits' }) });
export type BankAccountStep = z.infer<typeof BankAccountStep>;
/** What the bank lookup found, kept in the draft. */
export const FoundAccount = z.object({
  accountNumber: z.string(),
  accountName: z.string(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  currency: z.string(),
});
export type FoundAccount = z.infer<typeof FoundAccount>;

export const Signatory = z.object({
  name: Text(MAX_TITLE),
  phone: Phone,
  email: Email.nullable().default(null),
  /** An upload of this registration with purpose 'document' (the signed form). */
  documentUploadId: recordId,
});
export const SignatoriesStep = z.object({
  signatories: z.array(Signatory).min(1, { message: 'backoffice.tooManySignatories' }).max(MAX_SIGNATORIES, { message: 'backoffice.tooManySignatories' }),
});
export type SignatoriesStep = z.infer<typeof SignatoriesStep>;

export const DefaultUserStep = z.object({ name: Text(MAX_TITLE), phone: Phone, email: Email });
export type DefaultUserStep = z.infer<typeof DefaultUserStep>;

export const ExtrasStep = z.object({
  referralCode: z.string().trim().toUpperCase().max(MAX_REFERRAL_CODE).nullable().default(null),
  registrationChannel: z.enum(REGISTRATION_CHANNELS).default('online'),
});
export type ExtrasStep = z.infer<typeof ExtrasStep>;

/** The draft as stored (jsonb) and shown back: each step once saved. */
export const RegistrationData = z.object({
  institution: InstitutionStep.optional(),
  bankAccount: FoundAccount.optional(),
  signatories: z.array(Signatory).optional(),
  defaultUser: DefaultUserStep.optional(),
  extras: ExtrasStep.optional(),
});
export type RegistrationData = z.infer<typeof RegistrationData>;

export const RegistrationView = z.object({
  id: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  /** Set when rejected: the checker's reason. */
  rejectionReason: z.string().nullable(),
  applicantPhone: z.string(),
  applicantEmail: z.string().nullable(),
  data: RegistrationData,
  missingSteps: z.array(z.enum(REGISTRATION_STEPS)),
  uploads: z.array(UploadInfo),
  /** The approval request once branch staff forwarded it. */
  requestId: z.number().int().nullable(),
  institutionId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type RegistrationView = z.infer<typeof RegistrationView>;

export const RegistrationStarted = z.object({ token: z.string(), registration: RegistrationView });
export type RegistrationStarted = z.infer<typeof RegistrationStarted>;

export const UploadQuery = z.object({ purpose: z.enum(UPLOAD_PURPOSES).default('document') });

export const RegistrationOptions = z.object({
  religions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  levels: z.array(z.object({ id: z.number().int(), religionId: z.number().int(), rank: z.number().int(), name: z.string(), holdsMembers: z.boolean() })),
  /** Active institutions that can be a parent: id, title, level and religion. */
  parents: z.array(z.object({ id: z.number().int(), title: z.string(), levelId: z.number().int(), religionId: z.number().int() })),
  /** Every level's custom fields (ADR 047), the default first: the institution step asks those of the chosen level. */
  customFields: z.array(CustomField.omit({ isDefault: true })),
});
export type RegistrationOptions = z.infer<typeof RegistrationOptions>;

export const RegistrationListQuery = z.object({
  status: z.enum(REGISTRATION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the previous answer's `nextCursor`; when given, `offset` is not used. */
  cursor: z.string().max(400).optional(),
});
export type RegistrationListQuery = z.output<typeof RegistrationListQuery>;
export const RegistrationSummaryItem = z.object({
  id: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  title: z.string().nullable(),
  applicantPhone: z.string(),
  branchId: z.number().int().nullable(),
  rejectionReason: z.string().nullable(),
  requestId: z.number().int().nullable(),
  institutionId: z.number().int().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const RegistrationList = z.object({
  data: z.array(RegistrationSummaryItem),
  count: z.number().int(),
  /** Registrations by state in the caller's scope (completed, rejected, submitted, unfinished). */
  byStatus: z.record(z.enum(REGISTRATION_STATUSES), z.number().int()),
  /** Pass it back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type RegistrationList = z.infer<typeof RegistrationList>;

export const AmendmentInput = z
  .object({
    title: Text(MAX_TITLE).optional(),
    region: Text(MAX_PLACE).optional(),
    district: Text(MAX_PLACE).optional(),
    street: Text(MAX_TITLE).optional(),
    defaultUser: DefaultUserStep.optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), { message: 'backoffice.nothingChanged' });
export type AmendmentInput = z.infer<typeof AmendmentInput>;

export const NewAccountInput = z.object({
  institutionId: recordId,
  accountNumber: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, { message: 'validation.digits' }),
});
export type NewAccountInput = z.infer<typeof NewAccountInput>;

/**
 * "Request new account" and "change institution details" from the sign-in page, for an institution
 * whose people are not signed in: they prove they speak for it with a code sent to a phone the
 * bank already has for it (its default user's or a signatory's).
 * - `POST /institution-access/code` InstitutionAccessCodeInput → MessageBody (the same answer
 *   whether or not the details match, so it cannot be used to discover phones)
 * - `POST /institution-access/verify` InstitutionAccessVerifyInput → InstitutionAccess: an access
 *   token valid 30 minutes, sent back in the `x-institution-access` header
 * - `POST /institution-access/bank-accounts` PublicNewAccountInput → 201 SubmittedRequest
 * - `POST /institution-access/amendments` AmendmentInput → 201 SubmittedRequest
 * The requests are made in the name of the institution's default user; bank staff approve them.
 */
export const InstitutionAccessCodeInput = z.object({ institutionCode: z.string().trim().toUpperCase().min(INSTITUTION_CODE_LENGTH.min).max(INSTITUTION_CODE_LENGTH.max), phone: Phone });
export type InstitutionAccessCodeInput = z.infer<typeof InstitutionAccessCodeInput>;
export const InstitutionAccessVerifyInput = InstitutionAccessCodeInput.extend({ code: z.string().regex(ACCESS_CODE_PATTERN) });
export type InstitutionAccessVerifyInput = z.infer<typeof InstitutionAccessVerifyInput>;
export const InstitutionAccess = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  institution: z.object({ id: z.number().int(), title: z.string(), code: z.string() }),
});
export type InstitutionAccess = z.infer<typeof InstitutionAccess>;
export const PublicNewAccountInput = NewAccountInput.omit({ institutionId: true });
export type PublicNewAccountInput = z.infer<typeof PublicNewAccountInput>;

/**
 * `POST /api/institutions` (issue 12, ADR 052): staff create an institution under a parent they
 * see — the level is the one below the parent's, the religion the parent's. It becomes an
 * `application` request (kind `registration`, no registration draft): nothing exists until a
 * different bank user approves it, and then it is active with its account and default user.
 */
export const NewInstitutionInput = InstitutionStep.pick({ title: true, abbreviation: true, region: true, district: true, street: true, customFields: true }).extend({
  parentId: recordId,
  accountNumber: BankAccountStep.shape.accountNumber,
  defaultUser: DefaultUserStep,
});
export type NewInstitutionInput = z.infer<typeof NewInstitutionInput>;
