import { LANG_HEADER, LOCALES } from '../../domain/locale';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../domain/api/payments';

/**
 * The parts every operation shares, written once and referenced: the one error body, the error
 * answers, the language header and the Idempotency-Key header.
 */
export const ERROR_SCHEMA = {
  type: 'object',
  description: 'Every error answer has this shape. `code` is stable, for machines; `message` is in the caller\'s language (see the `Lang` header); `fields` names each invalid input field on a 400.',
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status, repeated.', example: 400 },
    code: { type: 'string', description: 'Stable machine-readable reason, e.g. `validation`, `unauthenticated`, `forbidden`, `not_found`, `rate_limited`.', example: 'validation' },
    message: { type: 'string', description: 'A sentence for a person, localised.' },
    fields: {
      type: 'array',
      description: 'On validation errors: one entry per invalid field.',
      items: {
        type: 'object',
        properties: { path: { type: 'string', example: 'lines.0.amount' }, message: { type: 'string' } },
        required: ['path', 'message'],
        additionalProperties: false,
      },
    },
  },
  required: ['statusCode', 'code', 'message'],
  additionalProperties: false,
} as const;

const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } };

/** Status → component name and what it means here. */
export const ERROR_ANSWERS: Record<string, { name: string; description: string; retryAfter?: boolean }> = {
  '400': { name: 'BadRequest', description: 'The request is malformed or an input is invalid (`validation`, with `fields`); text with control characters is refused here too.' },
  '401': { name: 'Unauthenticated', description: 'No valid bearer token (`unauthenticated`) or the session has ended (`session_expired`). Public routes answer this only when a token is sent that is no longer valid.' },
  '403': { name: 'Forbidden', description: 'Signed in but not allowed: no permission for this action or record (`forbidden`), or the default password must be changed first (`must_change_password`).' },
  '404': { name: 'NotFound', description: 'No such record, or not one the caller may see (`not_found`): other institutions\' records are reported as missing.' },
  '414': { name: 'UriTooLong', description: 'The URL (path or query) is longer than the server accepts (`bad_request`).' },
  '409': { name: 'Conflict', description: 'The request collides with the current state: a duplicate, a record already decided, or (`idempotency_in_flight`) the same Idempotency-Key is still being processed.' },
  '413': { name: 'PayloadTooLarge', description: 'The body is larger than allowed (1 MB for JSON; uploads have their own limit).' },
  '415': { name: 'UnsupportedMediaType', description: 'The body is not `application/json` (or `multipart/form-data` where an upload is expected).' },
  '422': { name: 'Unprocessable', description: 'Well-formed but refused by a business rule, or (`idempotency_key_reused`) an Idempotency-Key reused with a different body.' },
  '423': { name: 'Locked', description: 'Too many failed attempts: this account (`account_locked`) or this network address (`network_locked`) is locked for a while.' },
  '429': { name: 'TooManyRequests', description: 'A rate limit was reached (`rate_limited`); counters are shared by every server process. See the API description for the limits.', retryAfter: true },
  '500': { name: 'InternalError', description: 'An unexpected failure (`internal`); no details are disclosed.' },
  '503': { name: 'ServiceUnavailable', description: 'The database is unreachable for the moment; retry after the `Retry-After` seconds.', retryAfter: true },
};

export const LANG_PARAMETER = {
  name: LANG_HEADER,
  in: 'header',
  required: false,
  description: 'The language of `message` texts in answers (and of SMS and mail the request causes): `sw` (default) or `en`.',
  schema: { type: 'string', enum: [...LOCALES], default: 'sw' },
} as const;

export const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: true,
  description: [
    'Required. A key the client chooses once per intended payment (8–200 visible ASCII characters; a UUID is ideal) and sends again on every retry.',
    '- First request: the key is claimed together with the payment; answer 201.',
    `- Same key, same body (and same caller): the original answer again, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`; nothing new is created.`,
    '- Same key while the first request is still running: 409 `idempotency_in_flight` (retry later).',
    '- Same key, different body: 422 `idempotency_key_reused`.',
    '- Missing or malformed key: 400 `idempotency_key_required`.',
    'Keys are kept at least 24 hours.',
  ].join('\n'),
  schema: { type: 'string', minLength: 8, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' },
} as const;

export const REPLAYED_HEADER = { description: 'Present (`true`) when this is the stored answer to an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } };

export function errorResponseComponents() {
  return Object.fromEntries(
    Object.values(ERROR_ANSWERS).map(({ name, description, retryAfter }) => [
      name,
      {
        description,
        ...(retryAfter ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

export const COMMON_HEADERS = { RetryAfter: RETRY_AFTER, IdempotentReplayed: REPLAYED_HEADER };
