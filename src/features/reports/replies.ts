import type { z } from 'zod';
import type { Referrer as ReferrerShape } from '../../../domain/api/back-office-reference';
import type { ReferralReport as ReferralReportShape, RegistrationReport as RegistrationReportShape } from '../../../domain/api/back-office-reports';
import { REFERRER_KINDS } from '../../../domain/referrer-rules';
import { REGISTRATION_STATUSES } from '../../../domain/statuses';
import { countsBy, integer, list, nullable, oneOf, record, replyParser, text, type Reader } from '../../lib/reply-checks';

/**
 * The reports' replies (domain/api/back-office-reports.ts) and the referrers
 * (domain/api/back-office-reference.ts), read without zod: the contracts' modules bring zod and,
 * through their phone rules, libphonenumber (~54 KiB gzip together), more than the pages
 * themselves (docs/decisions/013-desk-bundle.md). Unknown fields are dropped and a reply that
 * breaks the contract is a server fault, as with the schemas; test/client/reports-replies.test.ts
 * holds the two equal.
 */

export const ReferralReport = replyParser<ReferralReportShape>(
  record({
    data: list(
      record({
        referralCode: text,
        referrer: text,
        referrerKind: text,
        referrerId: nullable(text),
        institution: text,
        institutionCode: text,
        branch: nullable(text),
        channel: text,
        registeredAt: text,
      }),
    ),
    totals: list(record({ referralCode: text, referrer: text, count: integer })),
  }),
);

export const RegistrationReport = replyParser<RegistrationReportShape>(
  record({
    data: list(
      record({
        id: integer,
        title: nullable(text),
        status: oneOf(REGISTRATION_STATUSES),
        applicantPhone: text,
        branch: nullable(text),
        channel: nullable(text),
        referralCode: nullable(text),
        createdAt: text,
        submittedAt: nullable(text),
        rejectionReason: nullable(text),
      }),
    ),
    byStatus: countsBy(REGISTRATION_STATUSES),
  }),
);

const ReferrerReply: Reader<z.infer<typeof ReferrerShape>> = record({
  id: integer,
  kind: oneOf(REFERRER_KINDS),
  name: text,
  employeeNo: nullable(text),
  phone: nullable(text),
  referralCode: text,
  branchId: nullable(integer),
  createdAt: text,
});

export const Referrer = replyParser(ReferrerReply);
export const ReferrerList = replyParser(record({ data: list(ReferrerReply) }));
