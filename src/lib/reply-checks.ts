/**
 * Checks of what the server answers, without zod (~25 KiB gzip that would join every page that
 * reads a reply: docs/decisions/013-desk-bundle.md). A reply is read into a fresh object with only
 * the fields named here, each of the stated kind, as the contract's zod schemas would (unknown
 * fields are dropped, not kept or stored on the device); anything else throws, and `api-client`
 * turns that into an `invalid_response` server fault. The shapes themselves sit beside their
 * callers, or in lib/replies/ when several features read them.
 */

/** Reads one value or throws. */
export type Reader<T> = (value: unknown, path: string) => T;

// For developers and logs only: api-client turns this into an `invalid_response` server fault.
const SHAPE_MISMATCH = 'Reply does not match the contract at';
const TOP = '(top)';

export class ReplyShapeError extends Error {
  constructor(path: string) {
    super(`${SHAPE_MISMATCH} ${path || TOP}`);
    this.name = 'ReplyShapeError';
  }
}

function expect<T>(ok: boolean, value: unknown, path: string): T {
  if (!ok) throw new ReplyShapeError(path);
  return value as T;
}

export const text: Reader<string> = (value, path) => expect(typeof value === 'string', value, path);
/** zod's `z.number().int()`: a safe integer. */
export const integer: Reader<number> = (value, path) => expect(Number.isSafeInteger(value), value, path);
export const flag: Reader<boolean> = (value, path) => expect(typeof value === 'boolean', value, path);

export function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  return (value, path) => expect(typeof value === 'string' && (values as readonly string[]).includes(value), value, path);
}

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? null : read(value, path));
}

/** May be missing; an optional field that is absent stays absent in the result. */
export function optional<T>(read: Reader<T>): Reader<T | undefined> & { optional: true } {
  return Object.assign((value: unknown, path: string) => (value === undefined ? undefined : read(value, path)), { optional: true as const });
}

export function list<T>(read: Reader<T>): Reader<T[]> {
  return (value, path) => expect<unknown[]>(Array.isArray(value), value, path).map((item, index) => read(item, `${path}.${index}`));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

type Shape = Record<string, Reader<unknown>>;
type Optional<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
export type ShapeOf<S extends Shape> = { [K in Exclude<keyof S, Optional<S>>]: ReturnType<S[K]> } & { [K in Optional<S>]?: ReturnType<S[K]> };

export function record<S extends Shape>(shape: S): Reader<ShapeOf<S>> {
  const keys = Object.keys(shape);
  return (value, path) => {
    const input = expect<Record<string, unknown>>(isObject(value), value, path);
    const output: Record<string, unknown> = {};
    for (const key of keys) {
      const read = shape[key]!;
      const field = read(input[key], path ? `${path}.${key}` : key);
      if (field !== undefined || key in input) output[key] = field;
    }
    return output as ShapeOf<S>;
  };
}

/** zod's `z.record(z.enum(keys), z.number().int())`: a count for every key, and no other key. */
export function countsBy<const K extends string>(keys: readonly K[]): Reader<Record<K, number>> {
  return (value, path) => {
    const input = expect<Record<string, unknown>>(isObject(value), value, path);
    expect(Object.keys(input).every((key) => (keys as readonly string[]).includes(key)), value, path);
    const output = {} as Record<K, number>;
    for (const key of keys) output[key] = integer(input[key], path ? `${path}.${key}` : key);
    return output;
  };
}

/** zod's `z.record(z.string(), z.unknown())`: any object, copied, its values as they came. */
export const anyRecord: Reader<Record<string, unknown>> = (value, path) => ({ ...expect<Record<string, unknown>>(isObject(value), value, path) });

/** For `api.get(path, parser)`: the reader as a `{ parse }` object. */
export function replyParser<T>(read: Reader<T>): { parse: (data: unknown) => T } {
  return { parse: (data) => read(data, '') };
}
