import { messages } from '../../domain/messages';

type Descriptor = { id: string; message: string };

/**
 * An error meant for the person using the product: a status, a stable code, and a message
 * descriptor translated by the error handler into the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly descriptor: Descriptor,
    readonly values: Record<string, unknown> = {},
    readonly fields?: Array<{ path: string; descriptor: Descriptor; values?: Record<string, unknown> }>,
  ) {
    super(descriptor.message);
    this.name = 'AppError';
  }
}

export const errors = {
  unauthenticated: () => new AppError(401, 'unauthenticated', messages.unauthenticated),
  sessionExpired: () => new AppError(401, 'session_expired', messages.sessionExpired),
  forbidden: () => new AppError(403, 'forbidden', messages.noPermission),
  mustChangePassword: () => new AppError(403, 'must_change_password', messages.mustChangePassword),
  notFound: () => new AppError(404, 'not_found', messages.recordNotFound),
  badRequest: (descriptor: Descriptor = messages.badRequest, values?: Record<string, unknown>) =>
    new AppError(400, 'bad_request', descriptor, values),
};

/** A 429 that says when to come back: the error handler sends `Retry-After` with it. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    descriptor: Descriptor = messages.tooManyRequests,
    values: Record<string, unknown> = {},
  ) {
    super(429, 'rate_limited', descriptor, values);
    this.name = 'RateLimitedError';
  }
}
