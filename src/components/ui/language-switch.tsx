import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Locale } from '../../../domain/locale';
import { writeLocaleCookie } from '../../lib/i18n';
import { localeOfPath, switchLocalePath } from '../../lib/locale-path';

/** Same page, other language: /x ↔ /en/x, remembered in the `lang` cookie for next time. */
export function LanguageSwitch() {
  const { t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const current = localeOfPath(location.pathname);
  const choose = (locale: Locale) => {
    writeLocaleCookie(locale);
    if (locale !== current) navigate(switchLocalePath(location, locale));
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
          onClick={() => choose(option.locale)}
        >
          {option.nativeName}
        </button>
      ))}
    </div>
  );
}
