/**
 * The message ids a refused form field shows (domain/messages.ts; fieldErrorWords puts the field's
 * name in). On their own, so a form that needs only the ids does not carry the checks of
 * form-checks.ts. Where zod said "too small", the forms have always shown "<field> can not be
 * empty": REQUIRED.
 */
export const REQUIRED = 'validation.required';
export const INVALID = 'validation.invalid';
export const INVALID_EMAIL = 'validation.invalidEmail';
export const INVALID_PHONE = 'validation.invalidPhone';
export const DIGITS = 'validation.digits';
