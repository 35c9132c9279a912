import { PASSWORD_MIN } from './limits';
import { messages } from './messages';

/**
 * The password policy, without zod: the contract's NewPassword (domain/api/auth.ts) and the
 * client's plain form checks (src/features/auth/auth-form-rules.ts) are both built from it.
 */

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

/** True when a new password meets every rule above (its length cap, PASSWORD_MAX, is checked apart). */
export const meetsPasswordPolicy = (password: string) => passwordProblems(password).length === 0;
