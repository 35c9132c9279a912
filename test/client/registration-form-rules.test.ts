import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regexes } from 'zod/v4/core';
import {
  AmendmentInput,
  BankAccountStep,
  DefaultUserStep,
  ExtrasStep,
  InstitutionAccessCodeInput,
  InstitutionStep,
  PublicNewAccountInput,
  Signatory,
  SignatoriesStep,
  StartRegistrationInput,
} from '../../domain/api/back-office-registration';
import { recordId, recordIdText } from '../../domain/api/common';
import { EMAIL_PATTERN } from '../../domain/email-format';
import { toE164 } from '../../domain/phone';
import { MAX_PLACE, MAX_SIGNATORIES, MAX_TITLE, REGISTRATION_CHANNELS } from '../../domain/registration-rules';
import { accessFormIssues, amendmentFormIssues, toAccessIdentity, toAmendmentInput, type AmendmentFormValues } from '../../src/features/registration/request-forms';
import {
  accountNumberIssues,
  defaultUserFormIssues,
  extrasFormIssues,
  institutionFormIssues,
  signatoriesFormIssues,
  startFormIssues,
  toAccountNumber,
  toDefaultUserStep,
  toExtrasStep,
  toInstitutionStep,
  toSignatoriesStep,
  toStartInput,
  type ExtrasFormValues,
} from '../../src/features/registration/step-forms';
import { chosenIdProblem, optionalIdProblem, uploadIdProblem } from '../../src/lib/form-checks';
import { loadPhoneRules } from '../../src/lib/offline/phone-rules';
import { answeredAtOnce, assertAgreement, country, email, expectSameWords, oddIds, phone, phoneMustParse, pick, plainShown, selectId, text, zodShown } from './form-rules-oracle';

// The registration pages check what people type without zod (docs/decisions/013-desk-bundle.md). The
// zod forms below are the ones they used before, built as then on the contract's wire schemas
// (domain/api/back-office-registration.ts, still what the server checks). On generated input the
// plain checks must refuse the same fields with the same words, and on success send the same
// values; what they accept, the wire schema accepts too.

// The server's id schemas (domain/api/common.ts), which the forms' ids end in.
const chosenId = recordIdText;
const optionalId = z.preprocess((value) => (value === '' || value === null || value === undefined ? null : Number(value)), recordId.nullable());
const uploadId = recordId.nullable();
const wireEmail = StartRegistrationInput.shape.applicantEmail;

const StartForm = z.object({ phoneCountry: z.string(), applicantPhone: z.string(), applicantEmail: wireEmail }).superRefine(phoneMustParse('phoneCountry', 'applicantPhone'));
const InstitutionForm = InstitutionStep.extend({
  abbreviation: z.string().trim().min(1).pipe(InstitutionStep.shape.abbreviation),
  religionId: chosenId,
  levelId: chosenId,
  parentId: optionalId,
  logoUploadId: uploadId,
});
const SignatoryForm = z
  .object({
    name: Signatory.shape.name,
    phoneCountry: z.string(),
    phone: z.string(),
    email: z.union([z.literal(''), wireEmail]),
    documentUploadId: uploadId,
    documentName: z.string(),
  })
  .superRefine(phoneMustParse('phoneCountry', 'phone'))
  .superRefine((values, ctx) => {
    if (values.documentUploadId === null) ctx.addIssue({ code: 'custom', path: ['documentUploadId'], message: 'validation.required' });
  });
const SignatoriesForm = z.object({ signatories: z.array(SignatoryForm).min(1).max(MAX_SIGNATORIES) });
const DefaultUserForm = z
  .object({ name: DefaultUserStep.shape.name, phoneCountry: z.string(), phone: z.string(), email: DefaultUserStep.shape.email })
  .superRefine(phoneMustParse('phoneCountry', 'phone'));
const ExtrasForm = z.object({
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,20}$/),
  registrationChannel: z.enum(REGISTRATION_CHANNELS),
});
const AccessForm = z
  .object({ institutionCode: z.string().trim().toUpperCase().min(2).max(20), phoneCountry: z.string(), phone: z.string(), code: z.string().trim() })
  .superRefine(phoneMustParse('phoneCountry', 'phone'));

/** The amendment form's old resolver: the wire schema on the converted values, its issues put on the form's fields. */
function oldAmendmentInput(values: AmendmentFormValues) {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    title: optional(values.title),
    region: optional(values.region),
    district: optional(values.district),
    street: optional(values.street),
    defaultUser: values.changeUser ? { name: values.userName.trim(), phone: toE164(values.userPhone, values.phoneCountry) ?? values.userPhone.trim(), email: values.userEmail.trim() } : undefined,
  };
}
function oldAmendmentShown(values: AmendmentFormValues): Record<string, string> {
  const parsed = AmendmentInput.safeParse(oldAmendmentInput(values));
  const moved = (parsed.error?.issues ?? []).map((issue) => {
    const [head, sub] = issue.path.map(String);
    const key = head === 'defaultUser' ? ({ name: 'userName', phone: 'userPhone', email: 'userEmail' } as Record<string, string>)[sub ?? ''] ?? 'root' : (head ?? 'root');
    return { ...issue, path: [key] };
  });
  return zodShown({ success: parsed.success, error: { issues: moved } });
}

const withCountry = (phoneKey: string) => ({ phoneCountry: country, [phoneKey]: phone });

describe('before the phone rules have arrived', () => {
  it('checks a form without a typed phone at once, and waits for the rules only when a phone is typed', async () => {
    const blank = startFormIssues({ phoneCountry: 'TZ', applicantPhone: ' ', applicantEmail: 'asha@example.co.tz' });
    expect(blank).toEqual([{ path: 'applicantPhone', message: 'validation.required' }]);
    const typed = startFormIssues({ phoneCountry: 'TZ', applicantPhone: '0713', applicantEmail: 'asha@example.co.tz' });
    expect(typed).toBeInstanceOf(Promise);
    expect(await typed).toEqual([{ path: 'applicantPhone', message: 'validation.invalidPhone' }]);
    expect(startFormIssues({ phoneCountry: 'TZ', applicantPhone: '0713 000 001', applicantEmail: 'asha@example.co.tz' })).toEqual([]);
  });
});

describe('the registration forms agree with the zod forms they replaced', () => {
  beforeAll(async () => {
    await loadPhoneRules();
  });

  it('on the start form', () => {
    const values = fc.record({ ...withCountry('applicantPhone'), applicantEmail: email }) as fc.Arbitrary<{ phoneCountry: string; applicantPhone: string; applicantEmail: string }>;
    assertAgreement(
      values,
      (input) => {
        const zod = StartForm.safeParse(input);
        expect(plainShown(answeredAtOnce(startFormIssues(input)))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        const wire = toStartInput(input);
        expect(wire).toStrictEqual({ applicantPhone: toE164(zod.data.applicantPhone, zod.data.phoneCountry) ?? zod.data.applicantPhone, applicantEmail: zod.data.applicantEmail });
        expect(StartRegistrationInput.safeParse(wire).success).toBe(true);
        return true;
      },
      1500,
    );
  });

  it('on the institution step', () => {
    const values = fc.record({
      title: text(MAX_TITLE),
      abbreviation: pick(['UBG', 'ubg', ' ub ', 'AB', 'ABCDEFGHIJ', 'ß'], ['A', 'ABCDEFGHIJK', '', '  ', 'U-B']),
      religionId: selectId,
      levelId: selectId,
      parentId: pick(['', '3', '12']),
      region: text(MAX_PLACE),
      district: text(MAX_PLACE),
      street: text(MAX_TITLE),
      logoUploadId: pick<number | null>([null, 5]),
    });
    assertAgreement(
      values,
      (input) => {
        const zod = InstitutionForm.safeParse(input);
        expect(plainShown(institutionFormIssues(input))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        expect(toInstitutionStep(input)).toStrictEqual(zod.data);
        expect(InstitutionStep.safeParse(toInstitutionStep(input)).success).toBe(true);
        return true;
      },
      3000,
    );
  });

  it('on the signatories step', () => {
    const row = fc.record({
      name: text(MAX_TITLE),
      ...withCountry('phone'),
      email: fc.oneof(fc.constant(''), email),
      documentUploadId: pick<number | null>([5, 9], [null]),
      documentName: fc.constantFrom('', 'signed-form.pdf'),
    }) as fc.Arbitrary<{ name: string; phoneCountry: string; phone: string; email: string; documentUploadId: number | null; documentName: string }>;
    const values = fc.record({ signatories: fc.oneof({ weight: 9, arbitrary: fc.array(row, { minLength: 1, maxLength: 3 }) }, { weight: 1, arbitrary: fc.array(row, { minLength: 0, maxLength: 6 }) }) });
    assertAgreement(
      values,
      (input) => {
        const zod = SignatoriesForm.safeParse(input);
        expectSameWords(answeredAtOnce(signatoriesFormIssues(input)), zod);
        if (!zod.success) return false;
        const wire = toSignatoriesStep(input);
        expect(wire).toStrictEqual({
          signatories: zod.data.signatories.map((one) => ({
            name: one.name,
            phone: toE164(one.phone, one.phoneCountry) ?? one.phone,
            email: one.email === '' ? null : one.email,
            documentUploadId: one.documentUploadId ?? 0,
          })),
        });
        expect(SignatoriesStep.safeParse(wire).success).toBe(true);
        return true;
      },
      1500,
    );
  });

  it('on the default user step', () => {
    const values = fc.record({ name: text(MAX_TITLE), ...withCountry('phone'), email }) as fc.Arbitrary<{ name: string; phoneCountry: string; phone: string; email: string }>;
    assertAgreement(
      values,
      (input) => {
        const zod = DefaultUserForm.safeParse(input);
        expect(plainShown(answeredAtOnce(defaultUserFormIssues(input)))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        const wire = toDefaultUserStep(input);
        expect(wire).toStrictEqual({ name: zod.data.name, phone: toE164(zod.data.phone, zod.data.phoneCountry) ?? zod.data.phone, email: zod.data.email });
        expect(DefaultUserStep.safeParse(wire).success).toBe(true);
        return true;
      },
      1500,
    );
  });

  it('on the referral and channel step', () => {
    const values = fc.record({
      referralCode: fc.constantFrom('', 'ab12', ' AB12 ', 'x'.repeat(20), 'x'.repeat(21), 'AB-12', 'ß', '  '),
      registrationChannel: fc.constantFrom('online', 'branch', 'post', ''),
    }) as fc.Arbitrary<ExtrasFormValues>;
    assertAgreement(
      values,
      (input) => {
        const zod = ExtrasForm.safeParse(input);
        expect(plainShown(extrasFormIssues(input))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        const wire = toExtrasStep(input);
        expect(wire).toStrictEqual({ referralCode: zod.data.referralCode === '' ? null : zod.data.referralCode, registrationChannel: zod.data.registrationChannel });
        expect(ExtrasStep.safeParse(wire).success).toBe(true);
        return true;
      },
      500,
    );
  });

  it('on an account number (the bank-account step and "request a new account")', () => {
    const values = fc.record({ accountNumber: fc.constantFrom('01017770001', ' 01017770001 ', '1234567', '12345678', '1'.repeat(20), '1'.repeat(21), '0101-777', '', 'abc') });
    for (const schema of [BankAccountStep, PublicNewAccountInput]) {
      assertAgreement(
        values,
        (input) => {
          const zod = schema.safeParse(input);
          expect(plainShown(accountNumberIssues(input))).toEqual(zodShown(zod));
          if (zod.success) expect(toAccountNumber(input)).toStrictEqual(zod.data);
          return zod.success;
        },
        200,
      );
    }
  });

  it('on proving access to an institution', () => {
    const values = fc.record({
      institutionCode: fc.constantFrom('MWG', ' mwg ', 'M', 'MW', 'x'.repeat(20), 'x'.repeat(21), '', 'ß'),
      ...withCountry('phone'),
      code: fc.constantFrom('', ' 123456 ', '12345'),
    }) as fc.Arbitrary<{ institutionCode: string; phoneCountry: string; phone: string; code: string }>;
    assertAgreement(
      values,
      (input) => {
        const zod = AccessForm.safeParse(input);
        expect(plainShown(answeredAtOnce(accessFormIssues(input)))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        const identity = toAccessIdentity(input);
        expect(identity).toStrictEqual({ institutionCode: zod.data.institutionCode, phone: toE164(zod.data.phone, zod.data.phoneCountry) ?? zod.data.phone });
        expect(InstitutionAccessCodeInput.safeParse(identity).success).toBe(true);
        return true;
      },
      1000,
    );
  });

  it('on the amendment form, "nothing changed" included', () => {
    const changed = (max: number) => fc.constantFrom('', '  ', ' New name ', 'x'.repeat(max), 'x'.repeat(max + 1));
    const values = fc.record({
      title: changed(MAX_TITLE),
      region: changed(MAX_PLACE),
      district: changed(MAX_PLACE),
      street: changed(MAX_TITLE),
      changeUser: fc.boolean(),
      userName: text(MAX_TITLE),
      ...withCountry('userPhone'),
      userEmail: email,
    }) as fc.Arbitrary<AmendmentFormValues>;
    assertAgreement(
      values,
      (input) => {
        const shown = oldAmendmentShown(input);
        expect(plainShown(answeredAtOnce(amendmentFormIssues(input)))).toEqual(shown);
        expect(toAmendmentInput(input)).toStrictEqual(oldAmendmentInput(input));
        return Object.keys(shown).length === 0;
      },
      2000,
    );
  });

  it('on a select and an upload id at the edges of zod coercion', () => {
    for (const value of oddIds) {
      expect(plainShown(issuesAt(chosenIdProblem(value))), value).toEqual(zodShown(chosenId.safeParse(value)));
      expect(plainShown(issuesAt(optionalIdProblem(value))), value).toEqual(zodShown(optionalId.safeParse(value)));
    }
    for (const value of [null, 1, 5, 0, -0, -2, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 2 ** 53 - 1]) {
      expect(plainShown(issuesAt(uploadIdProblem(value))), String(value)).toEqual(zodShown(uploadId.safeParse(value)));
    }
  });

  it("with zod's email format", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source.replaceAll('\\-', '-'));
  });
});

/** One field's problem as the issues of a value checked on its own (zod's path is then empty). */
function issuesAt(problem: string | null) {
  return problem ? [{ path: '', message: problem }] : [];
}
