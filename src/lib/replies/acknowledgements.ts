import type { SubmittedRequest as SubmittedRequestShape } from '../../../domain/api/back-office-users';
import type { MessageBody as MessageBodyShape } from '../../../domain/api/common';
import { integer, oneOf, record, replyParser, text } from '../reply-checks';

// The short answers many back-office actions end with, read without zod (lib/reply-checks.ts):
// a change stored as a request for a second person to approve, or a message.

export const SubmittedRequest = replyParser<SubmittedRequestShape>(record({ requestId: integer, status: oneOf(['requested']) }));
export const MessageBody = replyParser<MessageBodyShape>(record({ message: text }));
