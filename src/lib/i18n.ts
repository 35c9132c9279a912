import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, isLocale, type Locale } from '../../domain/locale';
import { setCurrentLocale } from './current-locale';

/** The locale's compiled catalog (a precached chunk, so it loads offline too). */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  return ((await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }).messages;
}

/** Loads the locale's catalog on demand (the Lingui vite plugin compiles the .po on import) and switches to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) i18n.loadAndActivate({ locale, messages: await loadCatalog(locale) });
  setCurrentLocale(locale);
  document.documentElement.lang = locale;
}

export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = [`${LOCALE_COOKIE}=${locale}`, `max-age=${maxAge}`, 'path=/', 'samesite=lax'].join('; ');
}

export function readLocaleCookie(cookies: string = document.cookie): Locale | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

export { i18n, DEFAULT_LOCALE };
