/**
 * The referrer contract's constants without zod: api/back-office-reference.ts builds ReferrerInput
 * and Referrer from them, and the referral report's referrer form checks against the same rules
 * without carrying zod (docs/decisions/013-desk-bundle.md). test/client/referrer-form-rules.test.ts
 * holds the form's plain check equal to the zod schema.
 */

/** Staff are identified by employee number, freelancers by phone. */
export const REFERRER_KINDS = ['staff', 'freelancer'] as const;
export type ReferrerKind = (typeof REFERRER_KINDS)[number];
export const MAX_REFERRER_NAME = 120;
/** Stored upper-cased. */
export const EMPLOYEE_NO_PATTERN = /^[A-Z0-9-]{2,20}$/;
/** Stored upper-cased; generated when left out. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;
