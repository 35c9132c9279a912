import { DEFAULT_LOCALE, type Locale } from '../../domain/locale';

// Kept apart from i18n.ts so the API client can read the language without pulling in Lingui.
let current: Locale = DEFAULT_LOCALE;

export function getCurrentLocale(): Locale {
  return current;
}

export function setCurrentLocale(locale: Locale): void {
  current = locale;
}
