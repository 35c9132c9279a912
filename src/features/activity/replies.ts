import type { z } from 'zod';
import type { ActivityList as ActivityListShape, SessionLogList as SessionLogListShape } from '../../../domain/api/back-office-reports';
import { integer, list, nullable, oneOf, record, replyParser, text } from '../../lib/reply-checks';

/**
 * The activity and session logs (domain/api/back-office-reports.ts), read without zod, which would
 * otherwise be most of these pages' first visit (~25 KiB gzip, docs/decisions/013-desk-bundle.md).
 * Unknown fields are dropped and a reply that breaks the contract is a server fault, as with the
 * schemas; test/client/activity-replies.test.ts holds the two equal.
 */

export const ActivityList = replyParser<z.infer<typeof ActivityListShape>>(
  record({
    data: list(
      record({
        id: integer,
        at: text,
        userId: nullable(integer),
        userName: nullable(text),
        action: text,
        entityType: nullable(text),
        entityId: nullable(text),
        details: nullable(text),
        ipAddress: nullable(text),
        userAgent: nullable(text),
      }),
    ),
    count: integer,
    nextCursor: nullable(text),
  }),
);

export const SessionLogList = replyParser<z.infer<typeof SessionLogListShape>>(
  record({
    data: list(
      record({
        sessionId: text,
        userId: integer,
        userName: text,
        ipAddress: nullable(text),
        deviceType: nullable(text),
        version: nullable(text),
        browserAgent: nullable(text),
        startedAt: text,
        lastAccess: text,
        state: oneOf(['active', 'expired', 'revoked']),
      }),
    ),
    count: integer,
    nextCursor: nullable(text),
  }),
);
