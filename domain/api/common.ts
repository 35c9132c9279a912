import { z } from 'zod';
import { MAX_RECORD_ID } from '../limits';

/** Every error body the API sends: a stable code and a message in the caller's language. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

/**
 * Every table's id is a PostgreSQL integer: a larger number names no record, so it is refused as
 * bad input with the field's name, before any query (the database would refuse it too, 22003).
 */
export { MAX_RECORD_ID };
/** A record's id in a JSON body. */
export const recordId = z.number().int().positive().max(MAX_RECORD_ID);
/** A record's id in a path or a query string (text). */
export const recordIdText = z.coerce.number().int().positive().max(MAX_RECORD_ID);

export const IdParam = z.object({ id: recordIdText });

/** `searchTransaction/7/0`-style paging in the path: page size then offset. */
export const LimitOffsetParams = z.object({
  limit: z.coerce.number().int().min(1).max(100),
  offset: z.coerce.number().int().min(0).max(1_000_000),
});
