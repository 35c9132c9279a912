import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../domain/api/common';
import { messages } from '../../domain/messages';
import { AppError, RateLimitedError } from '../lib/app-error';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-unavailable';
import { describeIssue, type ValidationIssue } from '../lib/describe-issue';
import { isUnrepresentableInput } from '../lib/sql-state';

/**
 * One error handler for the whole API: validation errors become localised 400s naming the field,
 * AppErrors keep their status and code, and anything unexpected is logged and answered with a
 * generic localised 500 — never a stack trace. A database that dropped its connections is a
 * 503 with Retry-After, not a 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = request.t;
    if (error instanceof AppError) {
      const body: ErrorBody = {
        statusCode: error.statusCode,
        code: error.code,
        message: t(error.descriptor, error.values),
        ...(error.fields ? { fields: error.fields.map((f) => ({ path: f.path, message: t(f.descriptor, f.values) })) } : {}),
      };
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      // Fastify names the query's context 'querystring' but keeps the values on request.query.
      const input = context === 'querystring' ? request.query : (request as unknown as Record<string, unknown>)[context];
      const fields = (error.validation as unknown as ValidationIssue[]).map((entry) => describeIssue(entry, input, t));
      const body: ErrorBody = { statusCode: 400, code: 'validation', message: fields[0]?.message ?? t(messages.badRequest), fields };
      return reply.status(400).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 415) return reply.status(415).send({ statusCode: 415, code: 'unsupported_media_type', message: t(messages.jsonOnly) });
    if (status === 429) return reply.status(429).send({ statusCode: 429, code: 'rate_limited', message: t(messages.tooManyRequests) });
    if (status >= 400 && status < 500) {
      // Malformed JSON, body too large and the like: the client's fault, said plainly.
      return reply.status(status).send({ statusCode: status, code: error.code?.toLowerCase() ?? 'bad_request', message: t(messages.badRequest) });
    }
    if (isUnrepresentableInput(error)) {
      request.log.warn({ err: error }, 'input the database cannot represent');
      return reply.status(400).send({ statusCode: 400, code: 'bad_request', message: t(messages.badRequest) });
    }
    if (isDatabaseUnavailable(error)) {
      // The pool reconnects by itself; the client (and the offline outbox) just tries again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, code: 'database_unavailable', message: t(messages.databaseUnavailable) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, code: 'internal', message: t(messages.somethingWrong) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ statusCode: 404, code: 'not_found', message: request.t(messages.notFound) });
  });
});
