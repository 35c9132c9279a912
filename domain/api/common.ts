import { z } from 'zod';

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

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** `searchTransaction/7/0`-style paging in the path: page size then offset. */
export const LimitOffsetParams = z.object({
  limit: z.coerce.number().int().min(1).max(100),
  offset: z.coerce.number().int().min(0).max(1_000_000),
});
