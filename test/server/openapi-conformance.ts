import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Json = Record<string, unknown>;
type Response = { $ref?: string; content?: Record<string, { schema?: Json }> };
type Operation = { responses: Record<string, Response> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas?: Json; responses?: Record<string, Response> } };

export type Nonconformity = { call: string; status: number; problem: string };

/**
 * Checks real answers against the published OpenAPI document, the way a validating proxy in
 * front of the API would: the status must be one the operation documents, the content type one it
 * lists, and a JSON body must match the documented schema. Calls to paths the document does not
 * describe (static files, the docs page, deliberately unknown URLs) are not judged.
 */
export class OpenApiConformance {
  readonly checked: string[] = [];
  readonly problems: Nonconformity[] = [];
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: Array<{ pattern: RegExp; params: number; item: Record<string, Operation> }>;

  constructor(private readonly document: Document) {
    (addFormatsPlugin as unknown as (ajv: Ajv) => void)(this.ajv);
    this.ajv.addSchema({ definitions: openapi30ToJsonSchema(document.components.schemas ?? {}) }, 'components');
    this.routes = Object.entries(document.paths)
      .map(([template, item]) => ({
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
        item,
      }))
      // A literal segment wins over a parameter (`/payments/pending` before `/payments/{id}`).
      .sort((a, b) => a.params - b.params);
  }

  check(method: string, url: string, status: number, contentType: string | undefined, body: string): void {
    const pathname = url.split('?')[0] ?? url;
    const route = this.routes.find((r) => r.pattern.test(pathname) && r.item[method.toLowerCase()]);
    const operation = route?.item[method.toLowerCase()];
    if (!operation) return;
    const call = `${method.toUpperCase()} ${pathname} → ${status}`;
    this.checked.push(call);
    const documented = this.resolve(operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default);
    if (!documented) return void this.problems.push({ call, status, problem: 'status not documented' });
    const type = (contentType ?? '').split(';')[0]?.trim() ?? '';
    const content = documented.content;
    if (!content || body.length === 0) {
      if (body.length > 0 && !content) this.problems.push({ call, status, problem: `body (${type}) where the document describes none` });
      return;
    }
    const media = content[type] ?? content['*/*'];
    if (!media) return void this.problems.push({ call, status, problem: `content type ${type || '(none)'} not among ${Object.keys(content).join(', ')}` });
    if (type !== 'application/json' || !media.schema) return;
    const validate = this.validator(`${method} ${route?.pattern.source} ${status}`, media.schema);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return void this.problems.push({ call, status, problem: 'body is not JSON' });
    }
    if (!validate(parsed)) {
      const first = validate.errors?.[0];
      this.problems.push({ call, status, problem: `${first?.instancePath || '/'} ${first?.message ?? 'does not match'} ${JSON.stringify(first?.params ?? {})}` });
    }
  }

  private resolve(response: Response | undefined): Response | undefined {
    if (!response?.$ref) return response;
    return this.document.components.responses?.[response.$ref.split('/').pop() ?? ''];
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(openapi30ToJsonSchema(schema) as Json);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/**
 * OpenAPI 3.0 schemas are almost JSON Schema draft 7: refs point at `#/components/schemas/…` and
 * `exclusiveMinimum`/`exclusiveMaximum` are booleans beside `minimum`/`maximum`. Ajv understands
 * `nullable` itself.
 */
function openapi30ToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openapi30ToJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace('#/components/schemas/', 'components#/definitions/');
    else out[key] = openapi30ToJsonSchema(value);
  }
  if (out.exclusiveMinimum === true) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (out.exclusiveMaximum === true) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  }
  if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  return out;
}

/**
 * Wraps `app.inject` so every answer the server suite receives is checked against the document
 * (`GET /api/openapi.json`, read once per app). Callback-style injects and chains are left alone.
 */
export function watchConformance(app: FastifyInstance): () => Promise<OpenApiConformance> {
  const untouched = app.inject.bind(app) as unknown as (...args: unknown[]) => unknown;
  const original = untouched as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const seen: Array<{ method: string; url: string; status: number; type: string | undefined; body: string }> = [];
  (app as unknown as { inject: unknown }).inject = (options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback) return untouched(options, callback);
    return original(options).then((res) => {
      const opts = typeof options === 'string' ? { url: options, method: 'GET' } : options;
      const url = typeof opts.url === 'string' ? opts.url : (opts.path as string | undefined) ?? '';
      seen.push({ method: String(opts.method ?? 'GET'), url, status: res.statusCode, type: res.headers['content-type'] as string | undefined, body: res.body });
      return res;
    });
  };
  return async () => {
    const document = (await original({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const conformance = new OpenApiConformance(document);
    for (const call of seen) conformance.check(call.method, call.url, call.status, call.type, call.body);
    return conformance;
  };
}
