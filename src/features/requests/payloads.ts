import type {
  AffiliationPayload as AffiliationShape,
  AmendmentPayload as AmendmentShape,
  BankAccountPayload as BankAccountShape,
  BankUserPayload as BankUserShape,
  RegistrationPayload as RegistrationShape,
  SmsTopUpPayload as SmsTopUpShape,
  UserEditPayload as UserEditShape,
} from '../../../domain/api/back-office';
import { CustomFieldAnswerReply, orDefault } from '../../lib/replies/registrations';
import { integer, list, nullable, oneOf, optional, record, ReplyShapeError, text, type Reader } from '../../lib/reply-checks';

/**
 * A request's stored payload, one shape per type (domain/api/back-office.ts), read without zod for
 * display: `readPayload` gives the payload in that shape, or null when it is not one (the page
 * then shows it field by field). test/client/requests-replies.test.ts holds them to the schemas.
 */

const person = record({ name: text, phone: text, email: text });

export const RegistrationPayload: Reader<RegistrationShape> = record({
  kind: oneOf(['registration']),
  registrationId: nullable(integer),
  institution: record({
    title: text,
    abbreviation: text,
    religionId: integer,
    levelId: integer,
    parentId: nullable(integer),
    region: text,
    district: text,
    street: text,
    logoUploadId: nullable(integer),
    customFields: orDefault(list(CustomFieldAnswerReply), []),
  }),
  bankAccount: record({ accountNumber: text, accountName: text, branchId: nullable(integer), currency: text }),
  signatories: list(record({ name: text, phone: text, email: nullable(text), documentUploadId: integer })),
  defaultUser: person,
  referralCode: nullable(text),
  registrationChannel: text,
});

export const AmendmentPayload: Reader<AmendmentShape> = record({
  kind: oneOf(['amendment']),
  institutionId: integer,
  changes: record({ title: optional(text), region: optional(text), district: optional(text), street: optional(text), defaultUser: optional(person) }),
});

export const AffiliationPayload: Reader<AffiliationShape> = record({
  kind: oneOf(['affiliation']),
  institutionId: integer,
  fromParentId: nullable(integer),
  toParentId: integer,
  fromParentTitle: nullable(text),
  toParentTitle: text,
});

export const BankAccountPayload: Reader<BankAccountShape> = record({ institutionId: integer, accountNumber: text, accountName: text, branchId: nullable(integer), currency: text });

export const BankUserPayload: Reader<BankUserShape> = record({ username: text, name: text, email: text, phone: text, roleGroupId: integer, branchId: nullable(integer) });

export const UserEditPayload: Reader<UserEditShape> = record({
  userId: integer,
  changes: record({
    name: optional(text),
    email: optional(text),
    phone: optional(text),
    roleGroupId: optional(integer),
    branchId: optional(nullable(integer)),
  }),
});

/** zod's `z.number().int().positive()`. */
const positive: Reader<number> = (value, path) => {
  const n = integer(value, path);
  if (n <= 0) throw new ReplyShapeError(path);
  return n;
};

export const SmsTopUpPayload: Reader<SmsTopUpShape> = record({ institutionId: integer, institutionTitle: text, amount: positive, smsLeftWhenAsked: integer, note: nullable(text) });

/** zod's `safeParse(…).data`: the payload in the shape, or null. */
export function readPayload<T>(read: Reader<T>, payload: unknown): T | null {
  try {
    return read(payload, 'payload');
  } catch {
    return null;
  }
}
