import type { RequestDecision as RequestDecisionShape, RequestDetail as RequestDetailShape, RequestList as RequestListShape } from '../../../domain/api/back-office';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../../../domain/statuses';
import { pendingCounts } from '../../lib/replies/pending-counts';
import { UploadInfoReply } from '../../lib/replies/registrations';
import { anyRecord, flag, integer, list, nullable, oneOf, record, replyParser, text } from '../../lib/reply-checks';

/**
 * The requests pages' replies (domain/api/back-office.ts), read without zod: the contract's modules
 * bring zod and, through their input rules, libphonenumber (~54 KiB gzip together), more than the
 * pages themselves (docs/decisions/013-desk-bundle.md). Unknown fields are dropped and a reply that
 * breaks the contract is a server fault, as with the schemas; test/client/requests-replies.test.ts
 * holds the two equal. A request's payload is kept as it came; payloads.ts reads it for display.
 */

const requestItemFields = {
  id: integer,
  type: oneOf(REQUEST_TYPES),
  status: oneOf(REQUEST_STATUSES),
  subject: text,
  title: nullable(text),
  makerId: nullable(integer),
  makerName: nullable(text),
  checkerId: nullable(integer),
  checkerName: nullable(text),
  branchId: nullable(integer),
  branchName: nullable(text),
  religionId: nullable(integer),
  reason: nullable(text),
  createdAt: text,
  resolvedAt: nullable(text),
  canCheck: flag,
};

export const RequestList = replyParser<RequestListShape>(record({ data: list(record(requestItemFields)), count: integer, counts: pendingCounts, nextCursor: nullable(text) }));
export const RequestDetail = replyParser<RequestDetailShape>(record({ ...requestItemFields, payload: anyRecord, documents: list(UploadInfoReply) }));
export const RequestDecision = replyParser<RequestDecisionShape>(record({ id: integer, status: oneOf(REQUEST_STATUSES), reason: nullable(text) }));
