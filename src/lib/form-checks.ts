import { MAX_EMAIL_ADDRESS, MAX_RECORD_ID } from '../../domain/limits';
import { EMAIL_PATTERN } from '../../domain/email-format';
import { INVALID, INVALID_EMAIL, REQUIRED } from './form-message-ids';

/**
 * Plain checks of what people type into the back-office forms, the way the contract's zod pieces
 * read it (trimmed text, zod's email format, a select's id coerced to a number), so the forms do
 * without zod (docs/decisions/013-desk-bundle.md). Each answers the message id a refused field shows
 * (form-message-ids.ts), or null when the value passes.
 */

export type Problem = string | null;

/** `z.string().trim().min(1).max(max)`. */
export function textProblem(value: string, max: number): Problem {
  const trimmed = value.trim();
  if (trimmed === '') return REQUIRED;
  return trimmed.length > max ? INVALID : null;
}

/** The contract's Email, `z.string().trim().toLowerCase().max(254).pipe(z.email(…))`, and the value it keeps. */
export const normalEmail = (value: string) => value.trim().toLowerCase();
export function emailProblem(value: string): Problem {
  const email = normalEmail(value);
  if (email.length > MAX_EMAIL_ADDRESS) return INVALID;
  return EMAIL_PATTERN.test(email) ? null : INVALID_EMAIL;
}

/** domain/api/common.ts's `recordId`: an integer up to PostgreSQL's, and below 1 it is "too small". */
function idProblem(id: number): Problem {
  if (!Number.isInteger(id) || id > MAX_RECORD_ID) return INVALID;
  return id <= 0 ? REQUIRED : null;
}

/** A select that must be chosen ("" until then), read as `recordIdText`. */
export const chosenIdProblem = (value: string | number): Problem => idProblem(Number(value));

/** A select that may stay empty: "" (or null) is no choice, anything else must be an id. */
export const optionalId = (value: string | number | null): number | null => (value === '' || value === null ? null : Number(value));
export function optionalIdProblem(value: string | number | null): Problem {
  const id = optionalId(value);
  return id === null ? null : idProblem(id);
}

/** An id set by the form itself (an upload's), `recordId.nullable()`. */
export const uploadIdProblem = (value: number | null): Problem => (value === null ? null : idProblem(value));

/** A form's refused fields, keyed by their path ("signatories.0.name"); passing ones are left out. */
export function issuesOf(problems: Record<string, Problem>): { path: string; message: string }[] {
  return Object.entries(problems).flatMap(([path, message]) => (message ? [{ path, message }] : []));
}
