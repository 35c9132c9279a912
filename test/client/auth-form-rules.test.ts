import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChangePasswordInput, LoginInput, ResetCompleteInput, ResetRequestInput } from '../../domain/api/auth';
import { MAX_EMAIL_ADDRESS, PASSWORD_MAX } from '../../domain/limits';
import {
  changePasswordIssues,
  toChangePassword,
  resetIssues,
  signInIssues,
  signInName,
  toLogin,
  toResetComplete,
  usernameIssues,
  type SignInValues,
} from '../../src/features/auth/auth-form-rules';
import { assertAgreement, pick, plainShown, text, zodShown } from './form-rules-oracle';

// The auth forms check what people type without zod (docs/decisions/014-back-office-forms-without-zod.md).
// Each zod form below is the one the page used before (zodResolver on the contract's schema). On
// generated input the plain check must refuse the same fields with the same words, and on success
// send the same body, which the server's schema takes.

const UsernameOnly = ResetRequestInput.pick({ username: true });
const OldResetForm = ResetCompleteInput.extend({ otp: z.preprocess((value) => (value === '' ? undefined : value), ResetCompleteInput.shape.otp) });

/** A password typed to prove who one is: no trimming, anything from 1 to PASSWORD_MAX characters. */
const typedPassword = pick(['Sadaka@2026', 'secret', '   ', ' x ', 'x'.repeat(PASSWORD_MAX)], ['', 'x'.repeat(PASSWORD_MAX + 1)]);

/** New passwords at each rule's edge, plus arbitrary text (mostly refused) and the length cap. */
const newPassword = fc.oneof(
  { weight: 4, arbitrary: pick(['Sadaka@2026', 'Aa1!aaaa', ' Aa1!aa ', 'Ñandu@2026', `Aa1!${'x'.repeat(PASSWORD_MAX - 4)}`]) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('Aa1!aaa', 'password', 'PASSWORD1!', 'Password!', 'Password1', 'ñandú@2026', '', '        ', `Aa1!${'x'.repeat(PASSWORD_MAX - 3)}`, 'x'.repeat(PASSWORD_MAX + 40)),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 14 }) },
);

/** What the code box holds: six digits, or what a person mistypes (other scripts' digits included). */
const code = pick(['123456', '000000'], ['', '12345', '1234567', 'abcdef', ' 123456', '12345a', '١٢٣٤٥٦']);

/** The wire body as JSON, as api-client sends it (zod keeps an emptied optional key as undefined). */
const json = (value: unknown) => JSON.stringify(value);

describe('the auth forms agree with the zod forms they replaced', () => {
  it('sign-in, before and after the server asks for a code', () => {
    const values = fc.record(
      { username: text(MAX_EMAIL_ADDRESS), password: typedPassword, remember: fc.boolean(), otp: code },
      { requiredKeys: ['username', 'password', 'remember'] },
    ) as fc.Arbitrary<SignInValues>;
    assertAgreement(
      values,
      (input) => {
        const zod = LoginInput.safeParse(input);
        expect(plainShown(signInIssues(input))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        const wire = toLogin(input);
        expect(wire).toStrictEqual(zod.data);
        expect(LoginInput.safeParse(wire).success).toBe(true);
        return true;
      },
      2000,
    );
  });

  it('the name that starts a reset, by code or by link', () => {
    assertAgreement(
      fc.record({ username: text(MAX_EMAIL_ADDRESS) }),
      (input) => {
        const zod = UsernameOnly.safeParse(input);
        expect(plainShown(usernameIssues(input))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        expect(signInName(input.username)).toBe(zod.data.username);
        expect(ResetRequestInput.safeParse({ username: signInName(input.username), channel: 'email' }).success).toBe(true);
        return true;
      },
      1000,
    );
  });

  it('changing the password on the profile page', () => {
    assertAgreement(
      fc.record({ currentPassword: typedPassword, newPassword }),
      (input) => {
        const zod = ChangePasswordInput.safeParse(input);
        // Typed twice alike, the confirmation adds no issue of its own.
        const typed = { ...input, confirmPassword: input.newPassword };
        expect(plainShown(changePasswordIssues(typed))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        // The form sends its values as typed, without the confirmation.
        expect(toChangePassword(typed)).toStrictEqual(zod.data);
        return true;
      },
      2000,
    );
  });

  it('setting a new password from a reset, with or without a code', () => {
    assertAgreement(
      fc.record({ password: newPassword, otp: code }),
      (input) => {
        const zod = OldResetForm.safeParse(input);
        expect(plainShown(resetIssues(input))).toEqual(zodShown(zod));
        if (!zod.success) return false;
        const wire = toResetComplete(input);
        expect(wire).toEqual(zod.data);
        expect(json(wire)).toBe(json(zod.data));
        expect(ResetCompleteInput.safeParse(wire).success).toBe(true);
        return true;
      },
      2000,
    );
  });

  it('refuses a confirmation that differs from the new password, or is left empty', () => {
    const base = { currentPassword: 'Old#Pass2026', newPassword: 'Fresh#Start2026' };
    expect(changePasswordIssues({ ...base, confirmPassword: 'Fresh#Start2025' })).toEqual([{ path: 'confirmPassword', message: 'password.confirmDiffers' }]);
    expect(changePasswordIssues({ ...base, confirmPassword: '' })).toEqual([{ path: 'confirmPassword', message: 'validation.required' }]);
    expect(changePasswordIssues({ ...base, confirmPassword: base.newPassword })).toEqual([]);
  });

  it('shows the policy words for a new password that breaks a rule, and "not valid" past the cap', () => {
    expect(changePasswordIssues({ currentPassword: '', newPassword: 'password', confirmPassword: 'password' })).toEqual([
      { path: 'currentPassword', message: 'validation.required' },
      { path: 'newPassword', message: 'password.policy' },
    ]);
    expect(resetIssues({ password: `Aa1!${'x'.repeat(PASSWORD_MAX - 3)}`, otp: '' })).toEqual([{ path: 'password', message: 'validation.invalid' }]);
  });
});
