import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../domain/locale';
import { activateGiveLocale, givePath, writeGiveLocaleCookie } from './give-locale';

/**
 * Kiswahili ↔ English without leaving the page: the catalog is swapped in place and the address
 * becomes /give-offerings or /en/give-offerings, so what the person already typed stays.
 */
export function LanguageToggle() {
  const { t, i18n } = useLingui();
  const current = i18n.locale as Locale;
  const choose = async (locale: Locale) => {
    writeGiveLocaleCookie(locale);
    if (locale === current) return;
    await activateGiveLocale(locale);
    window.history.replaceState(window.history.state, '', `${givePath(locale)}${window.location.search}`);
  };
  const options: Array<{ locale: Locale; nativeName: string }> = [
    // Each language is named in itself, so people find theirs whatever is active.
    { locale: 'sw', nativeName: 'Kiswahili' },
    { locale: 'en', nativeName: 'English' },
  ];
  return (
    <div className="lang-switch" role="group" aria-label={t`Language`}>
      {options.map((option) => (
        <button
          key={option.locale}
          type="button"
          lang={option.locale}
          aria-pressed={option.locale === current}
          className={option.locale === current ? 'lang-option active' : 'lang-option'}
          onClick={() => void choose(option.locale)}
        >
          {option.nativeName}
        </button>
      ))}
    </div>
  );
}
