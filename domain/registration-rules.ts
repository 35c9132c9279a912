/**
 * The registration contract's constants without zod. api/back-office-registration.ts builds its zod
 * schemas (what the server checks) from them; the registration pages check what people type
 * against the same numbers without carrying zod (~25 KiB gzip) — as the desk does,
 * docs/decisions/013-desk-bundle.md. test/client/registration-form-rules.test.ts holds the pages'
 * plain checks equal to the zod schemas.
 */

export const REGISTRATION_TOKEN_HEADER = 'x-registration-token';
export const INSTITUTION_ACCESS_HEADER = 'x-institution-access';
export const REGISTRATION_CHANNELS = ['online', 'branch'] as const;
export const UPLOAD_PURPOSES = ['document', 'logo'] as const;
export const MAX_SIGNATORIES = 5;
/** The steps of the form, in order; `missingSteps` in the view names those still empty. */
export const REGISTRATION_STEPS = ['institution', 'bankAccount', 'signatories', 'defaultUser', 'extras'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** Longest institution title, street and person's name; regions and districts are shorter. */
export const MAX_TITLE = 120;
export const MAX_PLACE = 80;
export const MAX_REFERRAL_CODE = 20;
export const INSTITUTION_CODE_LENGTH = { min: 2, max: 20 } as const;

export const ABBREVIATION_PATTERN = /^[A-Z0-9]{2,10}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{8,20}$/;
export const ACCESS_CODE_PATTERN = /^\d{6}$/;
