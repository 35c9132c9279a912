import type { BankAccountItem } from '../../../domain/api/back-office-reference';
import type { UploadInfo as UploadInfoShape } from '../../../domain/api/back-office';
import type {
  InstitutionAccess as InstitutionAccessShape,
  RegistrationOptions as RegistrationOptionsShape,
  RegistrationStarted as RegistrationStartedShape,
  RegistrationView as RegistrationViewShape,
} from '../../../domain/api/back-office-registration';
import type { SubmittedRequest as SubmittedRequestShape } from '../../../domain/api/back-office-users';
import type { MessageBody as MessageBodyShape } from '../../../domain/api/common';
import { REGISTRATION_CHANNELS, REGISTRATION_STEPS } from '../../../domain/registration-rules';
import { REGISTRATION_STATUSES } from '../../../domain/statuses';
import { flag, integer, list, nullable, oneOf, optional, record, replyParser, text, type Reader } from '../../lib/offline/reply-checks';
import type { z } from 'zod';

/**
 * The registration pages' replies, read without zod so the pages do not carry it (~25 KiB gzip,
 * docs/decisions/013-desk-bundle.md): each keeps the fields the contract's zod schema keeps, of the
 * stated kind, and refuses anything else (a server fault, as before). Like the desk's, they check
 * kinds, not the input rules (lengths, phone numbers) the server applied when the data was saved.
 * test/client/registration-replies.test.ts compares them with the zod schemas.
 */

/** zod's `.default(value)`: a field the server left out reads as `value`. */
function orDefault<T>(read: Reader<T>, fallback: T): Reader<T> {
  return (value, path) => (value === undefined ? fallback : read(value, path));
}

const UploadInfoReply: Reader<UploadInfoShape> = record({ id: integer, name: text, mimeType: text, sizeBytes: integer, url: text });

const RegistrationViewReply: Reader<RegistrationViewShape> = record({
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
export const RegistrationStarted = replyParser<RegistrationStartedShape>(record({ token: text, registration: RegistrationViewReply }));

export const RegistrationOptions = replyParser<RegistrationOptionsShape>(
  record({
    religions: list(record({ id: integer, name: text })),
    levels: list(record({ id: integer, religionId: integer, rank: integer, name: text, holdsMembers: flag })),
    parents: list(record({ id: integer, title: text, levelId: integer, religionId: integer })),
  }),
);

export const SubmittedRequest = replyParser<SubmittedRequestShape>(record({ requestId: integer, status: oneOf(['requested']) }));
export const MessageBody = replyParser<MessageBodyShape>(record({ message: text }));
export const InstitutionAccess = replyParser<InstitutionAccessShape>(
  record({ accessToken: text, expiresAt: text, institution: record({ id: integer, title: text, code: text }) }),
);

/** The bank accounts bank staff can see (for "request new account", the institutions that hold them). */
export const BankAccountList = replyParser<{ data: z.infer<typeof BankAccountItem>[]; count: number }>(
  record({
    data: list(
      record({
        id: integer,
        institutionId: integer,
        institution: text,
        accountNumber: text,
        accountName: text,
        branchId: nullable(integer),
        branchName: nullable(text),
        currency: text,
        status: text,
        isDefault: flag,
        createdAt: text,
      }),
    ),
    count: integer,
  }),
);
