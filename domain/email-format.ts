/**
 * The address format zod 4 checks for z.email() (zod/v4/core regexes.email), for the checks made
 * without zod on the client (docs/decisions/013-desk-bundle.md); their tests compare it with zod's.
 * Its own module so a page that checks an email does not also load the desk's receipt rules.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
