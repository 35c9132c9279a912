/** Business constants from the spec (section 9). */
export const APP_VERSION = '1.10.40';
export const COUNTRY_CODE = 'TZ';
export const PREFERRED_COUNTRIES = ['TZ', 'BI', 'CD', 'RW', 'UG', 'KE'] as const;
export const PENDING_POLL_MS = 30_000;
export const SEARCH_PAGE_SIZE = 7;
export const SEARCH_MIN_CHARS = 3;
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const MAX_TEXT_CHARS = 1000;
/** Every table's id is a PostgreSQL integer: a larger number names no record. */
export const MAX_RECORD_ID = 2_147_483_647;
/** The longest email address the back office takes (RFC 5321's limit on a path). */
export const MAX_EMAIL_ADDRESS = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const TOAST_MS = 5000;
/** The most offering types one JSON answer of the offerings report names when asked for the first ones (ADR 071). */
export const OFFERINGS_REPORT_MAX_LIMIT = 1000;
export const CURRENCY_DECIMALS = 4;
export const BANK_NAME = 'Sadaka Bank';
export const DUE_FILTERS = ['today', '7d', '1m', '3m', '6m'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
