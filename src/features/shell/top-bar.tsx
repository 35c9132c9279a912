import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { Locale } from '../../../domain/locale';
import { Icon } from '../../components/ui/icon';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { UserMenu } from './user-menu';

// The unsent counter and the outbox's triggers arrive right after the first paint (own chunk). A
// chunk that fails to load must not take the top bar down with it: the counter is then just absent.
const PendingIndicator = lazy<ComponentType<{ locale: Locale }>>(() =>
  import('./pending-indicator').then(
    (module) => ({ default: module.PendingIndicator }),
    () => ({ default: () => null }),
  ),
);

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
      <Suspense fallback={null}>
        <PendingIndicator locale={locale} />
      </Suspense>
      <LanguageSwitch />
      <UserMenu name={userName} locale={locale} />
    </header>
  );
}
