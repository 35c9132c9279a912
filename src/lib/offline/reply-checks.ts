/**
 * Checks of what the server answers, without zod (its ~41 KiB would join every desk page's chunk:
 * docs/decisions/013-desk-bundle.md). A reply is read into a fresh object with only the fields
 * named here, each of the stated kind, as the contract's zod schemas would (unknown fields are
 * dropped, not stored on the device); anything else throws, and `api-client` turns that into an
 * `invalid_response` server fault. The shapes themselves sit beside their callers.
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

type Shape = Record<string, Reader<unknown>>;
type Optional<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
export type ShapeOf<S extends Shape> = { [K in Exclude<keyof S, Optional<S>>]: ReturnType<S[K]> } & { [K in Optional<S>]?: ReturnType<S[K]> };

export function record<S extends Shape>(shape: S): Reader<ShapeOf<S>> {
  const keys = Object.keys(shape);
  return (value, path) => {
    const input = expect<Record<string, unknown>>(typeof value === 'object' && value !== null && !Array.isArray(value), value, path);
    const output: Record<string, unknown> = {};
    for (const key of keys) {
      const read = shape[key]!;
      const field = read(input[key], path ? `${path}.${key}` : key);
      if (field !== undefined || key in input) output[key] = field;
    }
    return output as ShapeOf<S>;
  };
}

/** For `api.get(path, parser)`: the reader as a `{ parse }` object. */
export function replyParser<T>(read: Reader<T>): { parse: (data: unknown) => T } {
  return { parse: (data) => read(data, '') };
}
