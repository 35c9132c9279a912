import type { BankDashboard as BankDashboardShape } from '../../../domain/api/back-office-reports';
import { REGISTRATION_STATUSES } from '../../../domain/statuses';
import { pendingCounts } from '../../lib/replies/pending-counts';
import { countsBy, integer, list, nullable, record, replyParser, text } from '../../lib/reply-checks';

/**
 * The bank dashboard's overview (BankDashboard, domain/api/back-office-reports.ts), read without
 * zod: the contract's module would add ~25 KiB gzip to the dashboard's first visit
 * (docs/decisions/013-desk-bundle.md). Unknown fields are dropped and a reply that breaks the
 * contract is a server fault, as with the schema; test/client/reports-replies.test.ts holds the two equal.
 */
export const BankDashboard = replyParser<BankDashboardShape>(
  record({
    registrationsByStatus: countsBy(REGISTRATION_STATUSES),
    pendingApprovals: pendingCounts,
    currency: text,
    collectionsByBranch: list(record({ branchId: nullable(integer), branch: nullable(text), amount: integer, count: integer })),
    collectionsByReligion: list(record({ religionId: integer, religion: text, amount: integer, count: integer })),
  }),
);
