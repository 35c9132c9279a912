import { IDEMPOTENCY_HEADER } from '../../domain/api/payments';
import { LANG_HEADER } from '../../domain/locale';
import { COMMON_HEADERS, ERROR_ANSWERS, ERROR_SCHEMA, errorResponseComponents, IDEMPOTENCY_PARAMETER, LANG_PARAMETER } from './common-components';
import { ROUTE_FACTS, type RouteFacts } from './operation-docs';
import { describeConventions } from './schema-conventions';

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; responses: Record<string, Json>; tags?: string[]; [ROUTE_FACTS]?: RouteFacts };

const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-in, sign-out, profile, password and two-factor authentication, password reset.',
  'back-office': "The bank's back office: institutions, users, role groups, reference data, approvals (maker-checker), reports.",
  dashboard: 'Totals for the signed-in user\'s institutions.',
  desk: 'The offline treasurer desk: reference data, members, counting batches, cash receipts and their sync.',
  dev: 'Development helpers that exist only without a mail server (the local mail outbox).',
  giving: 'The public giving page: institution and giver look-ups, online member registration.',
  health: 'Liveness and database reachability.',
  payments: 'Mobile-money pushes, card checkouts and bank transfers; provider callbacks.',
  registration: 'Institution registration by applicants and its review by the bank.',
  shell: 'What the app shell needs: the menu, the active religion, counters, search.',
  transactions: 'Online transactions: history, exports, crediting.',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * The whole document's last pass (swagger's `transformObject`): adds to every operation the error
 * answers, the `Lang` header and, where the route takes one, the required Idempotency-Key; then
 * lets every schema say what our conventions mean (money in minor units, E.164 phones, nullable
 * enums that accept null).
 */
export function finishDocument(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const tags = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      finishOperation(operation);
      operation.tags?.forEach((tag) => tags.add(tag));
    }
  }
  describeConventions(paths);
  const components = (document.components ?? {}) as Json;
  document.components = {
    ...components,
    schemas: { ...(components.schemas as Json | undefined), Error: ERROR_SCHEMA },
    responses: errorResponseComponents(),
    parameters: { Lang: LANG_PARAMETER, IdempotencyKey: IDEMPOTENCY_PARAMETER },
    headers: COMMON_HEADERS,
  };
  document.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Operations on ${name}.` }));
  return document;
}

function finishOperation(operation: Operation) {
  const facts = operation[ROUTE_FACTS];
  delete operation[ROUTE_FACTS];
  const parameters = operation.parameters ?? [];
  const isIdempotent = parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === IDEMPOTENCY_HEADER);
  operation.parameters = [
    ...parameters.filter((p) => !(p.in === 'header' && [IDEMPOTENCY_HEADER, LANG_HEADER].includes(String(p.name).toLowerCase()))),
    ...(isIdempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
    { $ref: '#/components/parameters/Lang' },
  ];
  if (isIdempotent) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (status.startsWith('2')) response.headers = { ...(response.headers as Json | undefined), 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } };
    }
  }
  describeFileAnswers(operation);
  describeUntypedAnswers(operation);
  for (const status of errorStatuses(facts)) {
    operation.responses[status] ??= { $ref: `#/components/responses/${ERROR_ANSWERS[status]?.name}` };
  }
}

const FILE_TYPES: Record<string, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** An operation with a `format` query (csv, xlsx, pdf, json) answers a file in that format, as an attachment. */
function describeFileAnswers(operation: Operation) {
  const format = operation.parameters?.find((p) => p.in === 'query' && p.name === 'format') as { schema?: { enum?: string[] } } | undefined;
  const formats = format?.schema?.enum?.filter((f) => f in FILE_TYPES) ?? [];
  if (formats.length === 0) return;
  const ok = (operation.responses['200'] ??= { description: 'Default Response' }) as Json & { content?: Json; headers?: Json };
  ok.description = `${String(ok.description ?? '')}. With \`format\` ${formats.join(', ')}: the file, as an attachment.`.replace(/^Default Response\. /, '');
  ok.content = { ...ok.content, ...Object.fromEntries(formats.map((f) => [FILE_TYPES[f], { schema: { type: 'string', format: 'binary' } }])) };
  ok.headers = { ...ok.headers, 'Content-Disposition': { description: '`attachment; filename="…"` for files.', schema: { type: 'string' } } };
}

/**
 * A route without a declared 2xx schema answers either nothing (204, e.g. a delete) or a stored
 * file (an upload served back, whatever its type): say both rather than an empty "Default Response".
 */
function describeUntypedAnswers(operation: Operation) {
  const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
  const [only] = successes;
  if (successes.length !== 1 || only?.[0] !== '200' || only[1].content || only[1].description !== 'Default Response') return;
  operation.responses['200'] = { description: 'The stored file, with its own content type, as an attachment.', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } };
  operation.responses['204'] ??= { description: 'Done; no content.' };
}

/** Which error answers an operation can give, from what its route declares. */
function errorStatuses(facts: RouteFacts | undefined): string[] {
  // 401 and 403 even on public routes: a token that is sent must be valid, and a signed-in caller
  // of a public route (a desk push through POST /payments, a 2FA-bound sign-in) may lack a permission.
  const statuses = ['400', '401', '403', '404', '414', '429', '500', '503'];
  if (facts?.hasBody) statuses.push('409', '413', '415', '422', '423');
  else if (facts?.isDelete) statuses.push('409', '422');
  return statuses.sort();
}
