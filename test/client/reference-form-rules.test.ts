import { i18n } from '@lingui/core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BranchInput, CurrencyInput, CurrencyValue, ReligionInput, RoleGroupInput } from '../../domain/api/back-office-reference';
import { fieldErrorWords } from '../../src/components/ui/field-error-text';
import {
  checkBranch,
  checkCurrencyChange,
  checkedResolver,
  checkNewCurrency,
  checkReligion,
  checkRoleGroup,
  type Checked,
} from '../../src/features/reference/form-rules';

// The reference forms (branches, religions, currencies, role groups) check their fields with the
// plain rules of form-rules.ts instead of zodResolver over the contract's schemas, which the
// server still applies. For the same input both must refuse the same fields with the same words
// beside them (what fieldErrorWords makes of a zod issue, and of a rule's message id), and on
// success hand the submit handler the same cleaned values (trimmed, upper/lower-cased). The
// schemas below are the ones the forms were given before.
const schemas = {
  branch: BranchInput,
  religion: ReligionInput,
  newCurrency: CurrencyInput.extend({ active: z.boolean() }),
  currencyChange: z.object({ territory: CurrencyInput.shape.territory, value: CurrencyValue, active: z.boolean() }).extend({ alphaCode: z.string(), numericCode: z.string() }),
  roleGroup: RoleGroupInput.omit({ features: true }),
};

type Pool = readonly string[];
type Shape = Record<string, { valid: Pool; invalid: Pool }>;

/** Valid strings for every field, then 0–2 of them swapped for ones the contract refuses. */
function inputOf(shape: Shape): fc.Arbitrary<Record<string, string>> {
  const keys = Object.keys(shape);
  const valid = fc.record(Object.fromEntries(keys.map((key) => [key, fc.constantFrom(...shape[key]!.valid)])));
  const broken = fc.uniqueArray(fc.constantFrom(...keys.filter((key) => shape[key]!.invalid.length > 0)), { maxLength: 2 }).chain((chosen) =>
    fc.tuple(fc.constant(chosen), fc.tuple(...chosen.map((key) => fc.constantFrom(...shape[key]!.invalid)))),
  );
  return fc
    .tuple(valid, fc.oneof({ weight: 2, arbitrary: fc.constant([[], []] as [string[], string[]]) }, { weight: 3, arbitrary: broken }))
    .map(([values, [chosen, wrong]]) => {
      const drawn: Record<string, string> = { ...values };
      chosen.forEach((key, index) => (drawn[key] = wrong[index]!));
      return drawn;
    });
}

/** The words shown beside each refused field, first issue per field as react-hook-form shows it. */
function wordsOf(issues: { path: string; type: string; message: string }[]): Record<string, string | undefined> {
  const words: Record<string, string | undefined> = {};
  for (const issue of issues) words[issue.path] ??= fieldErrorWords({ type: issue.type, message: issue.message }, 'Field');
  return words;
}

/** Checks that the plain rule and the zod schema agree on `input`; answers whether it was accepted. */
function agree<T>(check: (values: T) => Checked<T>, schema: z.ZodType, input: T): boolean {
  const plain = check(input);
  const parsed = schema.safeParse(input);
  const zodIssues = parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), type: issue.code, message: issue.message }));
  expect(wordsOf(plain.issues.map((issue) => ({ ...issue, type: 'validate' })))).toStrictEqual(wordsOf(zodIssues));
  if (parsed.success) expect(plain.value).toStrictEqual(parsed.data);
  return parsed.success;
}

function assertAgreement<T>(check: (values: T) => Checked<T>, schema: z.ZodType, input: fc.Arbitrary<T>): void {
  let accepted = 0;
  const numRuns = 1500;
  fc.assert(
    fc.property(input, (value) => {
      if (agree(check, schema, value)) accepted += 1;
    }),
    { numRuns },
  );
  expect(accepted).toBeGreaterThan(numRuns / 10);
  expect(accepted).toBeLessThan(numRuns);
}

/** A trimmed text of min..max characters: padded and full-length ones pass, longer and blank ones not. */
const text = (max: number, required: boolean) => ({
  valid: ['Dar es Salaam', '  Mwanza  ', 'x'.repeat(max), ` ${'y'.repeat(max)} `, 'ñ', ...(required ? [] : ['', '   '])],
  invalid: ['z'.repeat(max + 1), ` ${'z'.repeat(max + 1)}`, ...(required ? ['', '   ', '\t'] : [])],
});

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('the reference forms check as the contract does', () => {
  it('branches: name, short code (2–6 letters, upper-cased), optional region', () => {
    const input = inputOf({
      name: text(80, true),
      shortCode: { valid: ['DSM', ' dsm ', 'Ab', 'ABCDEF', 'mwz'], invalid: ['', 'D', 'ABCDEFG', 'DS1', 'D-M', 'dár'] },
      region: text(80, false),
    });
    assertAgreement(checkBranch, schemas.branch, input as fc.Arbitrary<{ name: string; shortCode: string; region: string }>);
  });

  it('religions: code (lower-cased, starts with a letter), names in both languages', () => {
    const input = inputOf({
      code: { valid: ['christian', ' Muslim ', 'ab', 'a-1', `a${'b'.repeat(30)}`], invalid: ['', 'a', '1abc', '-abc', 'ab cd', 'ab_c', `a${'b'.repeat(31)}`] },
      nameEn: text(60, true),
      nameSw: text(60, true),
    });
    assertAgreement(checkReligion, schemas.religion, input as fc.Arbitrary<{ code: string; nameEn: string; nameSw: string }>);
  });

  const value = {
    valid: ['1', ' 2500.5 ', '105.1234', '0.0001', '9'.repeat(14), `${'9'.repeat(14)}.9999`],
    invalid: ['', '0', '0.0000', '105.12345', '-1', '1e3', '1,5', '1.', '.5', '9'.repeat(15), 'abc'],
  };
  const codes = { alphaCode: { valid: ['USD', ' zmw '], invalid: ['', 'US', 'USDT', 'U5D'] }, numericCode: { valid: ['840', ' 967 ', '000'], invalid: ['', '84', '8400', 'abc'] } };

  it('a new currency: territory, 3-letter and 3-digit codes, a positive value with at most 4 decimals', () => {
    const input = inputOf({ territory: text(80, true), ...codes, value }).map((values) => ({ ...values, active: true }));
    assertAgreement(checkNewCurrency, schemas.newCurrency, input as fc.Arbitrary<{ territory: string; alphaCode: string; numericCode: string; value: string; active: boolean }>);
  });

  it('a currency change: the codes are kept as they are, territory and value checked', () => {
    const input = inputOf({ territory: text(80, true), alphaCode: { valid: ['USD', ' anything '], invalid: [] }, numericCode: { valid: ['840', ''], invalid: [] }, value }).chain((values) =>
      fc.boolean().map((active) => ({ ...values, active })),
    );
    assertAgreement(checkCurrencyChange, schemas.currencyChange, input as fc.Arbitrary<{ territory: string; alphaCode: string; numericCode: string; value: string; active: boolean }>);
  });

  it('role groups: name and location level (not lower-cased), user type and maker-checker as chosen', () => {
    const input = inputOf({
      name: text(80, true),
      locationLevel: { valid: ['branch', ' church ', 'bank', 'sub_field-2', `a${'b'.repeat(30)}`], invalid: ['', 'b', 'Branch', '1church', 'two words', `a${'b'.repeat(31)}`] },
    }).chain((values) => fc.record({ userType: fc.constantFrom('bank' as const, 'entity' as const), makerChecker: fc.boolean() }).map((rest) => ({ ...values, ...rest })));
    assertAgreement(checkRoleGroup, schemas.roleGroup, input as fc.Arbitrary<{ name: string; locationLevel: string; userType: 'bank' | 'entity'; makerChecker: boolean }>);
  });
});

describe('checkedResolver', () => {
  const resolve = checkedResolver(checkBranch);
  const options = { fields: {}, shouldUseNativeValidation: false };

  it('hands the submit handler the cleaned values', async () => {
    const result = await resolve({ name: ' Kariakoo ', shortCode: ' kko', region: ' Dar es Salaam ' }, undefined, options);
    expect(result).toStrictEqual({ values: { name: 'Kariakoo', shortCode: 'KKO', region: 'Dar es Salaam' }, errors: {} });
  });

  it('puts each refusal beside its field, as a domain message id', async () => {
    const result = await resolve({ name: '  ', shortCode: 'K', region: '' }, undefined, options);
    expect(result.values).toStrictEqual({});
    expect(result.errors).toMatchObject({ name: { message: 'validation.required' }, shortCode: { message: 'validation.invalid' } });
    expect(fieldErrorWords(result.errors.name, 'Name')).toBe('Name can not be empty');
  });
});
