export const LOCALES = ['sw', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'sw';
/** Cookie that remembers the chosen language; the spec keeps it for 365 days. */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_DAYS = 365;
/** Request header carrying the caller's language (spec section 7). */
export const LANG_HEADER = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function toLocale(value: unknown): Locale {
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  const short = value.trim().slice(0, 2).toLowerCase();
  return isLocale(short) ? short : DEFAULT_LOCALE;
}
