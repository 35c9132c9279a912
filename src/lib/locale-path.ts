import { localizedPath, stripLocale } from '../../domain/paths';
import type { Locale } from '../../domain/locale';

/** The same page in another language: `/members?x=1` ↔ `/en/members?x=1`. */
export function switchLocalePath(location: { pathname: string; search?: string; hash?: string }, target: Locale): string {
  const { path } = stripLocale(location.pathname);
  return `${localizedPath(path, target)}${location.search ?? ''}${location.hash ?? ''}`;
}

export function localeOfPath(pathname: string): Locale {
  return stripLocale(pathname).locale;
}
