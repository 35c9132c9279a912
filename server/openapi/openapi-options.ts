import type { SwaggerOptions } from '@fastify/swagger';
import { APP_VERSION } from '../../domain/limits';
import { finishDocument } from './finish-document';
import { documentOperation } from './operation-docs';

const DESCRIPTION = `
The API behind the Sadaka app: the offline treasurer desk, online giving, and the bank's back office.

**Authentication.** \`POST /api/login\` with a username and password (and a TOTP code when 2FA is on) answers a
bearer token; send it as \`Authorization: Bearer <token>\`. Each operation says whether it is public or needs a
token, and which permission.

**Errors.** Every error answer is \`{ statusCode, code, message, fields? }\` (schema \`Error\`): \`code\` is stable
for machines, \`message\` is in the caller's language.

**Language.** Send \`Lang: sw\` (default) or \`Lang: en\`.

**Money** is always an integer count of minor units plus an ISO 4217 \`currency\`, never a decimal.
**Phones** are E.164 (\`+255712345678\`). **Times** are ISO 8601 with an offset; days are \`YYYY-MM-DD\`.

**Retries.** \`POST /api/payments\` requires an \`Idempotency-Key\` header (see the operation for the replay,
409 and 422 rules). Desk sync entries carry their own UUID \`id\`, which plays the same part per entry.

**Rate limits** (counted in the database, so shared by every server process; over the limit: 429 with
\`Retry-After\`): public payments per network address per minute and per payer phone per 15 minutes; the
public giving look-ups per address per minute; public member registrations per address per 15 minutes;
opening a member's statement link per address per minute;
institution registration drafts per address and per applicant phone per hour (each draft also holds a limited number
and size of documents: 409 \`upload_limit\`, 413 \`upload_total_too_large\`). Failed
sign-ins and codes lock the account or the network address for a while (423) instead.
`.trim();

/** @fastify/swagger options: the document's frame plus the per-route and whole-document passes. */
export const openapiOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'Sadaka API',
      version: APP_VERSION,
      description: DESCRIPTION,
      license: { name: 'Proprietary' },
    },
    servers: [{ url: '/', description: 'The server that published this document' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from `POST /api/login`.' } } },
  },
  transform: documentOperation,
  transformObject: (documents) => ('openapiObject' in documents ? finishDocument(documents.openapiObject as Record<string, unknown>) : documents.swaggerObject) as never,
};
