import type { InstitutionAccess as InstitutionAccessShape, RegistrationStarted as RegistrationStartedShape } from '../../../domain/api/back-office-registration';
import { RegistrationViewReply } from '../../lib/replies/registrations';
import { integer, record, replyParser, text } from '../../lib/reply-checks';

/**
 * The replies only the registration pages read, without zod so the pages do not carry it (~25 KiB
 * gzip, docs/decisions/013-desk-bundle.md); the registration itself, the options, uploads, bank
 * accounts and acknowledgements are read by lib/replies/, which other pages share.
 * test/client/registration-replies.test.ts compares them with the zod schemas.
 */

export const RegistrationStarted = replyParser<RegistrationStartedShape>(record({ token: text, registration: RegistrationViewReply }));
export const InstitutionAccess = replyParser<InstitutionAccessShape>(
  record({ accessToken: text, expiresAt: text, institution: record({ id: integer, title: text, code: text }) }),
);
