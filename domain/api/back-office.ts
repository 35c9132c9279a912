import { z } from 'zod';
import { MAX_TEXT_CHARS } from '../limits';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../statuses';
import { PendingRegistration } from './shell';

/**
 * Bank back office, part 1: maker-checker requests (issue 5). The other parts live beside this
 * file: back-office-registration.ts (public onboarding), back-office-users.ts (bank users),
 * back-office-reference.ts (branches, religions, currencies, bank accounts, role groups, referrers)
 * and back-office-reports.ts (reports, activity log, session log, dashboard).
 *
 * Statuses of a request (docs/decisions/007-maker-checker.md):
 * - `requested`: waiting for a checker; one per subject at a time.
 * - `approved`: a different, authorised checker approved it and its stored payload was executed
 *   in the same transaction.
 * - `rejected`: a checker turned it down with a reason; nothing changed.
 * - `denied`: a checker approved it but the stored payload could no longer be executed (e.g. the
 *   username or account number was taken meanwhile); nothing changed, the reason says why.
 * - `not_approved`: it ended without a decision: the maker withdrew it, or what it changes went away.
 * Every status but `requested` is final.
 *
 * Endpoints (all under /api):
 * - `GET /requests?type&status&limit&offset&cursor` → RequestList: the requests in the caller's scope
 *   (branch staff: their branch; admins: everything of the active religion plus bank-user requests),
 *   with `counts` of pending ones per tab (the same numbers as `getTotalPendingRegistration`).
 * - `GET /requests/{id}` → RequestDetail: the full payload and the documents it carries.
 * - `POST /requests/{id}/approve` (body `{ reason? }`) and `POST /requests/{id}/reject` (body
 *   `{ reason }`, ≤ 1,000 chars) → RequestDecision (200). 403 when the caller made it or may not
 *   approve that type ("You don't have access to approve bank account" and siblings); 409 when it is
 *   no longer pending.
 * - `POST /requests/{id}/withdraw` → RequestDecision: the maker takes it back (`not_approved`).
 * - `GET /uploads/{id}` → the file (Content-Disposition: attachment), for bank staff in scope.
 */
export const RequestType = z.enum(REQUEST_TYPES);
export const RequestStatus = z.enum(REQUEST_STATUSES);

export const RequestListQuery = z.object({
  type: RequestType.optional(),
  status: RequestStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the previous answer's `nextCursor`; when given, `offset` is not used. */
  cursor: z.string().max(400).optional(),
});
export type RequestListQuery = z.output<typeof RequestListQuery>;

export const RequestItem = z.object({
  id: z.number().int(),
  type: RequestType,
  status: RequestStatus,
  /** What the request touches, as a stable key ("user:12", "account:0101…", "registration:4"). */
  subject: z.string(),
  /** The subject in words for the tab's table (institution title, username, account name). */
  title: z.string().nullable(),
  makerId: z.number().int().nullable(),
  makerName: z.string().nullable(),
  checkerId: z.number().int().nullable(),
  checkerName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  religionId: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** True when the caller may approve or reject it now (pending, not theirs, and they hold the grant). */
  canCheck: z.boolean(),
});
export type RequestItem = z.infer<typeof RequestItem>;

export const RequestList = z.object({
  data: z.array(RequestItem),
  count: z.number().int(),
  counts: PendingRegistration,
  /** Pass it back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type RequestList = z.infer<typeof RequestList>;

export const UploadInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** Relative API path that serves the file (bank staff only). */
  url: z.string(),
});
export type UploadInfo = z.infer<typeof UploadInfo>;

/** The stored payload is shown as it is; its shape per type is below (ApplicationPayload, …). */
export const RequestDetail = RequestItem.extend({
  payload: z.record(z.string(), z.unknown()),
  documents: z.array(UploadInfo),
});
export type RequestDetail = z.infer<typeof RequestDetail>;

export const ApproveInput = z.union([z.object({ reason: z.string().trim().max(MAX_TEXT_CHARS).optional() }), z.null(), z.undefined()]);
export const RejectInput = z.object({ reason: z.string().trim().min(1).max(MAX_TEXT_CHARS) });
export type RejectInput = z.infer<typeof RejectInput>;

export const RequestDecision = z.object({ id: z.number().int(), status: RequestStatus, reason: z.string().nullable() });
export type RequestDecision = z.infer<typeof RequestDecision>;

// ---- Payload shapes, one per type (what approving executes) ----

export const SignatoryPayload = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  documentUploadId: z.number().int(),
});

/**
 * `application`, kind `registration`: a new institution with its account, signatories and default
 * user. `registrationId` is null when staff created it under a parent (POST /api/institutions).
 */
export const RegistrationPayload = z.object({
  kind: z.literal('registration'),
  registrationId: z.number().int().nullable(),
  institution: z.object({
    title: z.string(),
    abbreviation: z.string(),
    religionId: z.number().int(),
    levelId: z.number().int(),
    parentId: z.number().int().nullable(),
    region: z.string(),
    district: z.string(),
    street: z.string(),
    logoUploadId: z.number().int().nullable(),
    /** Answers to the level's custom fields; requests stored before they existed have none. */
    customFields: z.array(z.object({ fieldId: z.number().int(), value: z.string() })).default([]),
  }),
  bankAccount: z.object({ accountNumber: z.string(), accountName: z.string(), branchId: z.number().int().nullable(), currency: z.string() }),
  signatories: z.array(SignatoryPayload),
  defaultUser: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  referralCode: z.string().nullable(),
  registrationChannel: z.string(),
});
export type RegistrationPayload = z.infer<typeof RegistrationPayload>;

/** `application`, kind `amendment`: changes to an existing institution ("change institution details"). */
export const AmendmentPayload = z.object({
  kind: z.literal('amendment'),
  institutionId: z.number().int(),
  changes: z.object({
    title: z.string().optional(),
    region: z.string().optional(),
    district: z.string().optional(),
    street: z.string().optional(),
    defaultUser: z.object({ name: z.string(), phone: z.string(), email: z.string() }).optional(),
  }),
});
export type AmendmentPayload = z.infer<typeof AmendmentPayload>;
/** `application`, kind `affiliation`: move an institution and its subtree under another parent (ADR 052). */
export const AffiliationPayload = z.object({
  kind: z.literal('affiliation'),
  institutionId: z.number().int(),
  fromParentId: z.number().int().nullable(),
  toParentId: z.number().int(),
  /** Titles as they were when asked, for the checker's screen. */
  fromParentTitle: z.string().nullable(),
  toParentTitle: z.string(),
});
export type AffiliationPayload = z.infer<typeof AffiliationPayload>;
export const ApplicationPayload = z.discriminatedUnion('kind', [RegistrationPayload, AmendmentPayload, AffiliationPayload]);
export type ApplicationPayload = z.infer<typeof ApplicationPayload>;

/** `bank-account`: another account for an existing institution (request new account). */
export const BankAccountPayload = z.object({
  institutionId: z.number().int(),
  accountNumber: z.string(),
  accountName: z.string(),
  branchId: z.number().int().nullable(),
  currency: z.string(),
});
export type BankAccountPayload = z.infer<typeof BankAccountPayload>;

/** `bank-user`: a new bank staff user. */
export const BankUserPayload = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  roleGroupId: z.number().int(),
  branchId: z.number().int().nullable(),
});
export type BankUserPayload = z.infer<typeof BankUserPayload>;

/** `user-edit`: changes to an existing bank user (entity users change only through amendments). */
export const UserEditPayload = z.object({
  userId: z.number().int(),
  changes: z.object({
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    roleGroupId: z.number().int().optional(),
    branchId: z.number().int().nullable().optional(),
  }),
});
export type UserEditPayload = z.infer<typeof UserEditPayload>;

/**
 * `sms-topup`: add `amount` messages to an institution's SMS wallet (ADR 057). The title and the
 * balance are as they were when asked, for the checker's screen.
 */
export const SmsTopUpPayload = z.object({
  institutionId: z.number().int(),
  institutionTitle: z.string(),
  amount: z.number().int().positive(),
  smsLeftWhenAsked: z.number().int(),
  note: z.string().nullable(),
});
export type SmsTopUpPayload = z.infer<typeof SmsTopUpPayload>;
