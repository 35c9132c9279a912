import type { UploadInfo as UploadInfoShape } from '../../../domain/api/back-office';
import type {
  RegistrationList as RegistrationListShape,
  RegistrationOptions as RegistrationOptionsShape,
  RegistrationView as RegistrationViewShape,
} from '../../../domain/api/back-office-registration';
import { CUSTOM_FIELD_TYPES } from '../../../domain/custom-field-rules';
import { REGISTRATION_CHANNELS, REGISTRATION_STEPS } from '../../../domain/registration-rules';
import { REGISTRATION_STATUSES } from '../../../domain/statuses';
import { countsBy, flag, integer, list, nullable, oneOf, optional, record, replyParser, text, type Reader } from '../reply-checks';

/**
 * A registration as the applicant's pages and the bank's requests pages read it, without zod
 * (lib/reply-checks.ts): each reply keeps the fields the contract's zod schema keeps
 * (domain/api/back-office-registration.ts), of the stated kind, and refuses anything else (a server
 * fault). They check kinds, not the input rules (lengths, phone numbers) the server applied when
 * the data was saved.
 */

/** zod's `.default(value)`: a field the server left out reads as `value`. */
export function orDefault<T>(read: Reader<T>, fallback: T): Reader<T> {
  return (value, path) => (value === undefined ? fallback : read(value, path));
}

/** An answer to a custom field of the institution's level (drafts saved before they existed have none). */
export const CustomFieldAnswerReply = record({ fieldId: integer, value: text });

export const UploadInfoReply: Reader<UploadInfoShape> = record({ id: integer, name: text, mimeType: text, sizeBytes: integer, url: text });

export const RegistrationViewReply: Reader<RegistrationViewShape> = record({
  id: integer,
  status: oneOf(REGISTRATION_STATUSES),
  rejectionReason: nullable(text),
  applicantPhone: text,
  applicantEmail: nullable(text),
  data: record({
    institution: optional(
      record({
        title: text,
        abbreviation: text,
        religionId: integer,
        levelId: integer,
        parentId: nullable(integer),
        region: text,
        district: text,
        street: text,
        logoUploadId: orDefault(nullable(integer), null),
        customFields: orDefault(list(CustomFieldAnswerReply), []),
      }),
    ),
    bankAccount: optional(record({ accountNumber: text, accountName: text, branchId: nullable(integer), branchName: nullable(text), currency: text })),
    signatories: optional(list(record({ name: text, phone: text, email: orDefault(nullable(text), null), documentUploadId: integer }))),
    defaultUser: optional(record({ name: text, phone: text, email: text })),
    extras: optional(record({ referralCode: orDefault(nullable(text), null), registrationChannel: orDefault(oneOf(REGISTRATION_CHANNELS), 'online') })),
  }),
  missingSteps: list(oneOf(REGISTRATION_STEPS)),
  uploads: list(UploadInfoReply),
  requestId: nullable(integer),
  institutionId: nullable(integer),
  createdAt: text,
  updatedAt: text,
  submittedAt: nullable(text),
});

export const UploadInfo = replyParser(UploadInfoReply);
export const RegistrationView = replyParser(RegistrationViewReply);

export const RegistrationOptions = replyParser<RegistrationOptionsShape>(
  record({
    religions: list(record({ id: integer, name: text })),
    levels: list(record({ id: integer, religionId: integer, rank: integer, name: text, holdsMembers: flag })),
    parents: list(record({ id: integer, title: text, levelId: integer, religionId: integer })),
    customFields: list(
      record({ id: integer, levelId: integer, label: text, dataType: oneOf(CUSTOM_FIELD_TYPES), minChars: nullable(integer), maxChars: nullable(integer), items: list(text) }),
    ),
  }),
);

/** The registration summary (the fifth tab of /requests). */
export const RegistrationList = replyParser<RegistrationListShape>(
  record({
    data: list(
      record({
        id: integer,
        status: oneOf(REGISTRATION_STATUSES),
        title: nullable(text),
        applicantPhone: text,
        branchId: nullable(integer),
        rejectionReason: nullable(text),
        requestId: nullable(integer),
        institutionId: nullable(integer),
        submittedAt: nullable(text),
        updatedAt: text,
      }),
    ),
    count: integer,
    byStatus: countsBy(REGISTRATION_STATUSES),
    nextCursor: nullable(text),
  }),
);
