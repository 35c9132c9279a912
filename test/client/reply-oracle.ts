import fc from 'fast-check';
import { expect } from 'vitest';
import { REFERRER_KINDS } from '../../domain/referrer-rules';
import { USER_TYPES } from '../../domain/permissions';
import { ACCOUNT_STATUSES, REGISTRATION_STATUSES, REQUEST_STATUSES, REQUEST_TYPES } from '../../domain/statuses';

// Shared by the tests that hold the zod-free reply readers (lib/reply-checks.ts and the replies.ts
// beside each feature) equal to the contract's zod schemas. A reader and its schema agree on a reply
// when both accept it and keep the same value (known fields only, of the same kinds), or both
// refuse it (api-client then makes it a server fault). Replies are drawn from a valid sample with
// one to three changes: a field removed, set to a value of another kind (null, a string, an enum's
// neighbour, a fraction, an unsafe integer, a list, an object), or an unknown field added.

export type Reader = { parse: (data: unknown) => unknown };
export type Schema = { safeParse: (data: unknown) => { success: boolean; data?: unknown; error?: { issues: { code: string }[] } } };

/**
 * How closely a reader follows its schema. 'all': every refusal. 'kinds': where the contract reuses
 * an input schema for what it sends back (a registration's saved steps), the reader checks kinds
 * and leaves the input rules (lengths, patterns, positive ids, trimming) to the server that applied
 * them on the way in (src/lib/replies/registrations.ts); such a reply is drawn without new strings.
 */
export type Strictness = 'all' | 'kinds';
// zod's issues that mean a value of another kind, a missing or unknown field, a value outside an enum.
const KIND_ISSUES = new Set(['invalid_type', 'invalid_value', 'unrecognized_keys', 'invalid_union', 'invalid_key', 'invalid_element']);

/** Both accept the reply and keep the same value, or both refuse it; true when the reader accepted. */
export function agreeOn(reader: Reader, schema: Schema, reply: unknown, strictness: Strictness = 'all'): boolean {
  const expected = schema.safeParse(reply);
  if (expected.success) {
    expect(reader.parse(reply)).toStrictEqual(expected.data);
    return true;
  }
  const ruleOnly = expected.error!.issues.every((issue) => !KIND_ISSUES.has(issue.code));
  if (strictness === 'kinds' && ruleOnly) {
    // A saved value the server's input rules would refuse: the reader may keep it as it is.
    try {
      reader.parse(reply);
      return true;
    } catch {
      return false;
    }
  }
  expect(() => reader.parse(reply), JSON.stringify(reply)).toThrow();
  return false;
}

type Path = (string | number)[];

/** Every place in a JSON value (the root too), parents before children. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  const inner =
    Array.isArray(value) ? value.flatMap((item, index) => pathsOf(item, [...at, index]))
    : typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))
    : [];
  return [at, ...inner];
}

const enumWords = [...REGISTRATION_STATUSES, ...REQUEST_STATUSES, ...REQUEST_TYPES, ...USER_TYPES, ...ACCOUNT_STATUSES, ...REFERRER_KINDS, 'active', 'expired', 'revoked', 'registration', 'amendment', 'lost'];
const notText = fc.constantFrom<unknown>(null, 0, 7, -3, 1.5, 2 ** 53, true, false, [], {}, [1], { extra: 1 });
const anyOdd = fc.oneof(notText, fc.constantFrom<unknown>('', 'x', ...enumWords));

type Change = { kind: 'remove' | 'replace' | 'add'; pick: number; value: unknown };
const changes = (odd: fc.Arbitrary<unknown>): fc.Arbitrary<Change[]> =>
  fc.array(fc.record({ kind: fc.constantFrom<Change['kind']>('remove', 'replace', 'replace', 'add'), pick: fc.nat(), value: odd }), { minLength: 1, maxLength: 3 });

function applied(sample: unknown, changes: Change[]): unknown {
  let reply = structuredClone(sample);
  for (const { kind, pick, value: drawn } of changes) {
    const value = structuredClone(drawn); // drawn values are shared constants: never change them in place
    const paths = pathsOf(reply);
    const path = paths[pick % paths.length]!;
    if (path.length === 0) {
      if (kind === 'replace') reply = value;
      else if (kind === 'add' && typeof reply === 'object' && reply !== null && !Array.isArray(reply)) (reply as Record<string, unknown>).unknownField = value;
      continue;
    }
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], reply) as Record<string | number, unknown>;
    const key = path[path.length - 1]!;
    if (kind === 'remove') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (kind === 'replace') parent[key] = value;
    else {
      const target = parent[key];
      if (typeof target === 'object' && target !== null && !Array.isArray(target)) (target as Record<string, unknown>).unknownField = value;
      else if (Array.isArray(target)) target.push(structuredClone(target[0] ?? value));
    }
  }
  return reply;
}

/**
 * The reader and the schema agree on the valid samples and on replies drawn from them with one to
 * three changes; both verdicts must occur, so the property tests refusals and kept values alike.
 */
export function assertSameReading(reader: Reader, schema: Schema, samples: readonly unknown[], numRuns = 400, strictness: Strictness = 'all'): void {
  for (const sample of samples) expect(agreeOn(reader, schema, sample), 'a valid sample').toBe(true);
  let accepted = 0;
  fc.assert(
    fc.property(fc.constantFrom(...samples), changes(strictness === 'all' ? anyOdd : notText), (sample, drawn) => {
      if (agreeOn(reader, schema, applied(sample, drawn), strictness)) accepted += 1;
    }),
    { numRuns },
  );
  expect(accepted).toBeGreaterThan(numRuns / 20);
  expect(accepted).toBeLessThan(numRuns);
}
