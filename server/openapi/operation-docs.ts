import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from '../lib/access';
import { documentedBodies } from './documented-bodies';

/**
 * Facts about one route that only the route knows (who may call it, whether it takes a body) but
 * that the document needs on every operation. The transform stamps them on the operation as an
 * `x-` key; `finishDocument` turns them into error answers and parameters, then removes the key.
 */
export const ROUTE_FACTS = 'x-sadaka-route';
export type RouteFacts = { access: 'public' | 'bearer'; hasBody: boolean; isDelete: boolean; hasPathParams: boolean };

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type DocumentedSchema = FastifySchema & {
  hide?: boolean;
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  [ROUTE_FACTS]?: RouteFacts;
};

const VERBS: Record<string, string> = { GET: 'Read', POST: 'Submit', PUT: 'Replace', PATCH: 'Update', DELETE: 'Delete' };

/**
 * Wraps the zod transform so every operation gets what an integrator needs without 100 routes
 * repeating it: an operationId and summary derived from method and path (a route may still set
 * its own), a tag, the security requirement its access rule implies, and a line saying who may call it.
 */
export function documentOperation(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const route = input.route as RouteOptions;
  const documentedBody = documentedBodies[input.url];
  const schema = (documentedBody ? { ...input.schema, body: documentedBody.body } : input.schema) as DocumentedSchema | undefined;
  const transformed = jsonSchemaTransform({ ...input, schema: schema ?? {} });
  const out = transformed.schema as DocumentedSchema;
  if (out.hide) return transformed;

  const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase();
  const access = route.config?.access ?? 'public';
  const segments = pathSegments(input.url);
  out.operationId ??= operationIdOf(method, segments);
  out.summary ??= summaryOf(method, segments);
  out.tags ??= [segments.find((s) => !s.param)?.name ?? 'api'];
  out.security = access === 'public' ? [] : [{ bearer: [] }];
  const lines = [out.description, documentedBody?.description, `**Access:** ${describeAccess(access)}`].filter(Boolean);
  out.description = lines.join('\n\n');
  out[ROUTE_FACTS] = {
    access: access === 'public' ? 'public' : 'bearer',
    // A DELETE may take a body too (a member's deletion carries the actor's password or code).
    hasBody: method === 'POST' || method === 'PUT' || method === 'PATCH' || schema?.body !== undefined,
    isDelete: method === 'DELETE',
    hasPathParams: segments.some((s) => s.param),
  };
  return { ...transformed, schema: out };
}

type Segment = { name: string; param: boolean };

function pathSegments(url: string): Segment[] {
  return url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? { name: part.slice(1), param: true } : { name: part, param: false }));
}

const words = (name: string) => name.split(/[-_]/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `POST /payments/:id/cancel` → `postPaymentsByIdCancel`: stable as long as the path is. */
function operationIdOf(method: string, segments: Segment[]): string {
  const parts = segments.flatMap((s) => (s.param ? ['By', ...words(s.name).map(capital)] : words(s.name).map(capital)));
  return method.toLowerCase() + parts.join('');
}

/** `PATCH /settings/currencies/:id` → `Update settings › currencies (by id)`. */
function summaryOf(method: string, segments: Segment[]): string {
  const named = segments.filter((s) => !s.param).map((s) => words(s.name).join(' '));
  const params = segments.filter((s) => s.param).map((s) => words(s.name).join(' '));
  const by = params.length > 0 ? ` (by ${params.join(', ')})` : '';
  return `${VERBS[method] ?? method} ${named.join(' › ') || 'root'}${by}`;
}

function describeAccess(access: Access): string {
  if (access === 'public') return 'public (no token needed).';
  if (access === 'signedIn') return 'any signed-in user (bearer token), even one who must still change the default password.';
  if (access === 'user') return 'any signed-in user (bearer token) who has changed the default password; the records returned are limited to the caller\'s institutions.';
  if (access === 'bankStaff') return 'bank staff (bearer token).';
  if (access === 'bankAdmin') return 'bank administrators (bearer token).';
  return `a role group granting \`${access.feature}:${access.action}\` (bearer token); records are limited to the caller's institutions.`;
}
