import fc from 'fast-check';
import { z, type ZodType } from 'zod';

type Json = Record<string, unknown>;

/**
 * fast-check values for a route's zod schema: the schema is turned into JSON Schema (what the
 * OpenAPI document publishes) and each keyword into an arbitrary, so the values are mostly valid
 * and reach the handler; `hostile` then breaks them in the ways an attacker would.
 */
export function arbitraryFor(schema: ZodType): fc.Arbitrary<unknown> {
  let json: Json;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    return fc.anything();
  }
  return fromJsonSchema(json, json, 0);
}

function fromJsonSchema(node: Json, root: Json, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (typeof node.$ref === 'string') {
    const target = node.$ref === '#' ? root : ((root.$defs as Record<string, Json> | undefined)?.[node.$ref.split('/').pop() ?? ''] ?? {});
    return fromJsonSchema(target, root, depth + 1);
  }
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = node[key];
    if (Array.isArray(options) && options.length > 0) return fc.oneof(...options.map((option) => fromJsonSchema(option as Json, root, depth + 1)));
  }
  if (Array.isArray(node.allOf) && node.allOf.length > 0) return fromJsonSchema(node.allOf[0] as Json, root, depth + 1);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'string':
      return stringFor(node);
    case 'integer':
      return fc.integer({ min: typeof node.minimum === 'number' ? Math.max(node.minimum, -1e9) : -1000, max: typeof node.maximum === 'number' ? Math.min(node.maximum, 1e9) : 1e6 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = node.items && typeof node.items === 'object' ? fromJsonSchema(node.items as Json, root, depth + 1) : fc.anything();
      const minLength = typeof node.minItems === 'number' ? node.minItems : 0;
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(typeof node.maxItems === 'number' ? node.maxItems : 3, 3)) });
    }
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, Json>;
      const required = new Set((node.required as string[] | undefined) ?? []);
      const record = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fromJsonSchema(value, root, depth + 1)]));
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
    }
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.constant(null));
  }
}

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  email: fc.emailAddress(),
  date: fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  'date-time': fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
};

function stringFor(node: Json): fc.Arbitrary<string> {
  if (typeof node.format === 'string' && FORMATS[node.format]) return FORMATS[node.format]!;
  if (typeof node.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(node.pattern)).filter((s) => s.length <= 300);
    } catch {
      // A pattern fast-check cannot invert: plain text below.
    }
  }
  const minLength = typeof node.minLength === 'number' ? node.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof node.maxLength === 'number' ? node.maxLength : 40, 40));
  return fc.string({ minLength, maxLength });
}

const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\ufeff'];

/** One hostile change to a value: what a broken client or an attacker sends instead. */
export const hostileChange = fc.oneof(
  fc.constant({ kind: 'wrong type', apply: () => fc.sample(fc.oneof(fc.constant([1, { a: [] }]), fc.constant({ $gt: '' }), fc.constant(true), fc.constant(-1e308), fc.constant('')), 1)[0] }),
  fc.constant({ kind: '1 MB string', apply: () => MEGABYTE_STRING }),
  fc.constantFrom(...CONTROL).map((c) => ({ kind: `control ${JSON.stringify(c)}`, apply: (value: unknown) => `${typeof value === 'string' ? value : 'abc'}${c}def` })),
  fc.constant({ kind: 'deep nesting', apply: () => deeplyNested(2_000) }),
  fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => ({ kind: `prototype key ${key}`, apply: () => JSON.parse(`{"${key}": {"isAdmin": true, "polluted": 1}}`) as unknown })),
);
export type HostileChange = { kind: string; apply: (value: unknown) => unknown };

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Applies `change` to one field of an object (or to the whole value when it is not an object). */
export function breakOneField(value: unknown, change: HostileChange, pick: number): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (change.kind.startsWith('prototype key')) return { ...(value as Json), ...(change.apply(undefined) as Json) };
    if (keys.length > 0) {
      const key = keys[pick % keys.length]!;
      return { ...(value as Json), [key]: change.apply((value as Json)[key]) };
    }
  }
  return change.apply(value);
}
