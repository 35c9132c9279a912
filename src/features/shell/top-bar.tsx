import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Locale } from '../../../domain/locale';
import { Icon } from '../../components/ui/icon';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { UserMenu } from './user-menu';

type TopBarProps = {
  title: string;
  userName: string;
  locale: Locale;
  /** The advanced search comes from its own feature; null hides it (on the search-result page). */
  search: ReactNode;
  menuOpen: boolean;
  onMenuToggle: () => void;
};

export function TopBar({ title, userName, locale, search, menuOpen, onMenuToggle }: TopBarProps) {
  const { t } = useLingui();
  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button menu-toggle"
        aria-label={menuOpen ? t`Close menu` : t`Open menu`}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onMenuToggle}
      >
        <Icon name={menuOpen ? 'close' : 'menu'} />
      </button>
      <h1 className="page-title">{title}</h1>
      <div className="top-bar-search">{search}</div>
      <LanguageSwitch />
      <UserMenu name={userName} locale={locale} />
    </header>
  );
}
