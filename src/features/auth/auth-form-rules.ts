import type { ChangePasswordInput, LoginInput } from '../../../domain/api/auth';
import { MAX_EMAIL_ADDRESS, PASSWORD_MAX } from '../../../domain/limits';
import { messages } from '../../../domain/messages';
import { meetsPasswordPolicy } from '../../../domain/password-policy';
import type { FormIssue } from '../../components/ui/issues-resolver';
import { issuesOf, textProblem, type Problem } from '../../lib/form-checks';
import { INVALID, REQUIRED } from '../../lib/form-message-ids';

/**
 * The sign-in, reset and change-password forms checked without zod (docs/decisions/014-back-office-
 * forms-without-zod.md), the way the contract (domain/api/auth.ts) reads them: each answers the
 * message id a refused field shows. test/client/auth-form-rules.test.ts holds them equal to the zod
 * forms they replace. The password rules themselves live in domain/password-policy.ts only.
 */

const SIX_DIGITS = /^\d{6}$/;

/** An email or username, `SignInName`: trimmed, 1 to 254 characters; sent trimmed. */
const signInNameProblem = (value: string): Problem => textProblem(value, MAX_EMAIL_ADDRESS);
export const signInName = (value: string) => value.trim();

/** A password typed to prove who one is, `z.string().min(1).max(PASSWORD_MAX)`: never trimmed. */
function typedPasswordProblem(value: string): Problem {
  if (value === '') return REQUIRED;
  return value.length > PASSWORD_MAX ? INVALID : null;
}

/** `NewPassword`: over the cap is "not valid" (zod's max comes first), else the policy's one message. */
function newPasswordProblem(value: string): Problem {
  if (value.length > PASSWORD_MAX) return INVALID;
  return meetsPasswordPolicy(value) ? null : messages.passwordPolicy.id;
}

/** An authentication code; `otp` may be absent (no code asked for), but a typed one is 6 digits. */
const codeProblem = (value: string | undefined): Problem => (value === undefined || SIX_DIGITS.test(value) ? null : INVALID);

/** The sign-in form as typed: the code field is there only once the server asked for it. */
export type SignInValues = { username: string; password: string; remember: boolean; otp?: string };

export const signInIssues = (values: SignInValues): FormIssue[] =>
  issuesOf({ username: signInNameProblem(values.username), password: typedPasswordProblem(values.password), otp: codeProblem(values.otp) });

export function toLogin(values: SignInValues): LoginInput {
  const login: LoginInput = { username: signInName(values.username), password: values.password, remember: values.remember };
  if (values.otp !== undefined) login.otp = values.otp;
  return login;
}

/** The first step of both reset ways. */
export type UsernameValues = { username: string };
export const usernameIssues = (values: UsernameValues): FormIssue[] => issuesOf({ username: signInNameProblem(values.username) });

/** The change-password form as typed: the new password twice, so a typo never locks its owner out. */
export type ChangePasswordValues = ChangePasswordInput & { confirmPassword: string };

function confirmPasswordProblem(values: ChangePasswordValues): Problem {
  if (values.confirmPassword === values.newPassword) return null;
  return values.confirmPassword === '' ? REQUIRED : messages.passwordsDiffer.id;
}

export const changePasswordIssues = (values: ChangePasswordValues): FormIssue[] =>
  issuesOf({
    currentPassword: typedPasswordProblem(values.currentPassword),
    newPassword: newPasswordProblem(values.newPassword),
    confirmPassword: confirmPasswordProblem(values),
  });

/** What is sent: the confirmation stays in the browser. */
export const toChangePassword = ({ currentPassword, newPassword }: ChangePasswordValues): ChangePasswordInput => ({ currentPassword, newPassword });

/** Setting a new password from a reset: an empty code box is "no code", not an invalid one. */
export type ResetValues = { password: string; otp: string };

const typedCode = (otp: string | undefined) => (otp === '' ? undefined : otp);

export const resetIssues = (values: ResetValues): FormIssue[] =>
  issuesOf({ password: newPasswordProblem(values.password), otp: codeProblem(typedCode(values.otp)) });

export function toResetComplete(values: ResetValues): { password: string; otp?: string } {
  const otp = typedCode(values.otp);
  return otp === undefined ? { password: values.password } : { password: values.password, otp };
}
