import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { messages } from './messages';

/** Spec section 5: at least 8, one upper, one lower, one digit, one special character. */
export function passwordProblems(password: string): Array<keyof typeof passwordRuleMessages> {
  const problems: Array<keyof typeof passwordRuleMessages> = [];
  if (password.length < PASSWORD_MIN) problems.push('length');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/[0-9]/.test(password)) problems.push('digit');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('special');
  return problems;
}

export const passwordRuleMessages = {
  length: messages.passwordLength,
  upper: messages.passwordUpper,
  lower: messages.passwordLower,
  digit: messages.passwordDigit,
  special: messages.passwordSpecial,
} as const;

export const NewPassword = z
  .string()
  .max(PASSWORD_MAX)
  .refine((value) => passwordProblems(value).length === 0, { message: messages.passwordPolicy.id });
