import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';
import { messages } from '../../domain/messages';
import { toE164 } from '../../domain/phone';

// Shared by the property tests that hold the back-office forms' plain checks equal to the zod forms
// they replaced (registration-form-rules.test.ts, user-form-rules.test.ts). What a person sees is a
// field's FIRST issue turned into words by fieldErrorWords: a domain message id as itself, zod's
// own "too small" as "can not be empty", anything else as "is not valid". Two checks agree when
// they refuse the same fields with the same words.

const REQUIRED = 'validation.required';
const INVALID = 'validation.invalid';
const INVALID_PHONE = 'validation.invalidPhone';
const knownIds = new Set(Object.values(messages).map((descriptor) => descriptor.id));

type ZodIssue = { path: PropertyKey[]; code: string; message: string };
type ZodResult = { success: boolean; error?: { issues: ZodIssue[] } };

/** Field path → the message id it shows, from zod's issues (as zodResolver + fieldErrorWords do). */
export function zodShown(result: ZodResult): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    shown[issue.path.join('.')] ??= knownIds.has(issue.message) ? issue.message : issue.code === 'too_small' ? REQUIRED : INVALID;
  }
  return shown;
}

/** Field path → the message id it shows, from a plain check's issues (issuesResolver + fieldErrorWords). */
export function plainShown(issues: readonly { path: string; message: string }[]): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const issue of issues) shown[issue.path] ??= knownIds.has(issue.message) ? issue.message : INVALID;
  return shown;
}

/**
 * The plain check refuses what zod refused, with the same words. It may refuse more only where zod
 * stopped early: after a type or union failure zod skips the refinements of that object (its phone
 * and document checks), the plain check does not — as in the desk's rules (receipt-rules.test.ts).
 */
export function expectSameWords(plain: readonly { path: string; message: string }[], zod: ZodResult): void {
  const plainWords = plainShown(plain);
  const zodWords = zodShown(zod);
  const stoppedAt = (zod.error?.issues ?? []).filter((issue) => issue.code === 'invalid_union' || issue.code === 'invalid_type').map((issue) => issue.path.slice(0, -1).join('.'));
  const extra = Object.keys(plainWords).filter((path) => !(path in zodWords));
  for (const path of extra) expect(stoppedAt.some((parent) => path.startsWith(parent === '' ? '' : `${parent}.`)), `only zod stopping early explains ${path}`).toBe(true);
  expect(Object.fromEntries(Object.entries(plainWords).filter(([path]) => path in zodWords))).toEqual(zodWords);
}

/** Once the phone rules have arrived a check answers at once: a plain array, no promise. */
export function answeredAtOnce<T>(issues: T[] | Promise<T[]>): T[] {
  expect(Array.isArray(issues)).toBe(true);
  return issues as T[];
}

/** Runs the property and checks both verdicts were exercised, not only refusals. */
export function assertAgreement<T>(input: fc.Arbitrary<T>, compare: (value: T) => boolean, numRuns: number): void {
  let accepted = 0;
  fc.assert(
    fc.property(input, (value) => {
      if (compare(value)) accepted += 1;
    }),
    { numRuns },
  );
  expect(accepted).toBeGreaterThan(numRuns / 20);
  expect(accepted).toBeLessThan(numRuns);
}

/** The forms' old zod refinement of a phone typed with its country. */
export function phoneMustParse(countryKey: string, phoneKey: string) {
  return (values: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const phone = String(values[phoneKey] ?? '').trim();
    if (phone === '') ctx.addIssue({ code: 'custom', path: [phoneKey], message: REQUIRED });
    else if (!toE164(phone, String(values[countryKey] ?? ''))) ctx.addIssue({ code: 'custom', path: [phoneKey], message: INVALID_PHONE });
  };
}

// Pools of what people type, borderline values included (spaces to trim, exact maximum lengths,
// upper case to lower, zod's email format at its edges), drawn at random per field.
// Each field is mostly valid (6 in 7), so that whole forms pass often enough to compare what they send.
export const pick = <T>(valid: readonly T[], invalid: readonly T[] = []) =>
  invalid.length === 0 ? fc.constantFrom(...valid) : fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: fc.constantFrom(...invalid) });

export const text = (max: number) => pick(['Neema Juma', '  Neema  ', 'x'.repeat(max), ` ${'x'.repeat(max)} `], ['x'.repeat(max + 1), '', '   ', '\t\n']);

// 242 + "@example.com" = 254 characters, the most the contract takes.
const longest = `${'a'.repeat(242)}@example.com`;
export const email = pick(
  ['asha@example.co.tz', ' Asha.Mussa@Example.CO.TZ ', 'A.B+c@x-y.org', "o'neil@mail.com", longest, ` ${longest} `],
  [`a${longest}`, 'a@b', '.a@b.co', 'a..b@c.de', 'asha@example', 'asha @example.com', '', '  '],
);

// Valid or not depends on the country too: a Kenyan or US number typed with TZ chosen is refused.
export const phone = pick(['0713 000 001', '0713000001', '+255713000001', ' +255 713 000 001 ', '713000001', '0712345678', '+12025550143'], ['0713', 'abc', '', '   ']);
export const country = fc.constantFrom('TZ', 'TZ', 'KE', 'US');
/** What a select holds: nothing chosen yet, or an option's id. */
export const selectId = pick(['1', '7', '42'], ['']);
/** Field-level only: strings no select holds, to compare the id checks with zod's coercion at their edges. */
export const oddIds = ['', ' ', '0', '-0', '-3', '1.5', '-1.5', 'abc', ' 7 ', '0x10', '1e3', '1e20', '-1e20', '2147483647', '2147483648', '9007199254740991', '9007199254740993', 'Infinity', '-Infinity', 'NaN'];
