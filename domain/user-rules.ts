/**
 * The bank-user contract's constants without zod: api/back-office-users.ts builds its zod schemas
 * from them, and the user form checks against the same numbers without carrying zod
 * (docs/decisions/013-desk-bundle.md). test/client/user-form-rules.test.ts holds the form's plain
 * check equal to the zod schema.
 */

/** Lower-case letters, digits, dot, dash or underscore; stored lower-cased. */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,40}$/;
export const MAX_USER_NAME = 120;
