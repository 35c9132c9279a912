import { i18n, type Messages } from '@lingui/core';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, isLocale, type Locale } from '../../domain/locale';
import { EN_PREFIX, paths } from '../../domain/paths';
import { setCurrentLocale } from '../lib/current-locale';

/** /give-offerings is Swahili (the default), /en/give-offerings English. */
export function givePath(locale: Locale): string {
  return locale === 'en' ? `${EN_PREFIX}${paths.giveOfferings}` : paths.giveOfferings;
}

export function localeOfGivePath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'sw';
}

/**
 * Loads the giving page's own catalog (locales/give/<locale>: only this page's strings, a few KiB)
 * and switches to it. The admin catalog is never fetched here.
 */
export async function activateGiveLocale(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) {
    const catalog = (await import(`../../locales/give/${locale}/messages.po`)) as { messages: Messages };
    i18n.loadAndActivate({ locale, messages: catalog.messages });
  }
  setCurrentLocale(locale);
  document.documentElement.lang = locale;
}

// The same `lang` cookie as src/lib/i18n.ts (a test holds the two in step). Not imported from there:
// that module also loads the admin catalogs, which would join the giving page's module graph.
export function readGiveLocaleCookie(cookies: string = document.cookie): Locale | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

export function writeGiveLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = [`${LOCALE_COOKIE}=${locale}`, `max-age=${maxAge}`, 'path=/', 'samesite=lax'].join('; ');
}
