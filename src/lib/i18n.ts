import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, isLocale, type Locale } from '../../domain/locale';
import { setCurrentLocale } from './current-locale';

/** Loads the locale's catalog on demand (the Lingui vite plugin compiles the .po on import) and switches to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) {
    const catalog = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages };
    i18n.loadAndActivate({ locale, messages: catalog.messages });
  }
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
