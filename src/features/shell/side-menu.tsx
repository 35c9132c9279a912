import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuItem } from '../../../domain/api/shell';
import type { Locale } from '../../../domain/locale';
import { localizedPath, paths, stripLocale } from '../../../domain/paths';
import { Icon } from '../../components/ui/icon';

type SideMenuProps = { items: readonly MenuItem[]; locale: Locale; pendingTotal?: number; onNavigate?: () => void };

function isRequests(item: MenuItem): boolean {
  return item.key === 'requests' || item.target === paths.requests;
}

const LINK_CLASS = 'menu-link';
const ACTIVE_LINK_CLASS = 'menu-link active';

function linkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? ACTIVE_LINK_CLASS : LINK_CLASS;
}

function MenuGroup({ item, locale, onNavigate }: { item: MenuItem; locale: Locale; onNavigate?: () => void }) {
  const current = stripLocale(useLocation().pathname).path;
  const children = item.children ?? [];
  const [open, setOpen] = useState(() => children.some((child) => current.startsWith(child.target)));
  const groupId = `menu-group-${item.key}`;
  return (
    <li>
      <button type="button" className="menu-link menu-group" aria-expanded={open} aria-controls={groupId} onClick={() => setOpen(!open)}>
        <Icon name={item.icon} />
        <span className="menu-text">{item.text}</span>
        <Icon name="chevron" size={16} className={open ? 'chevron open' : 'chevron'} />
      </button>
      <ul id={groupId} className="menu-children" hidden={!open}>
        {children.map((child) => (
          <li key={child.key}>
            <NavLink to={localizedPath(child.target, locale)} className={linkClass} onClick={onNavigate} end>
              <span className="menu-text">{child.text}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The server-built menu (labels arrive in the active language); Requests carries the pending count. */
export function SideMenu({ items, locale, pendingTotal, onNavigate }: SideMenuProps) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Main menu`}>
      <ul className="menu">
        {items.map((item) =>
          item.children && item.children.length > 0 ? (
            <MenuGroup key={item.key} item={item} locale={locale} onNavigate={onNavigate} />
          ) : (
            <li key={item.key}>
              <NavLink to={localizedPath(item.target, locale)} className={linkClass} onClick={onNavigate}>
                <Icon name={item.icon} />
                <span className="menu-text">{item.text}</span>
                {isRequests(item) && pendingTotal ? (
                  <span className="badge" aria-label={t`${pendingTotal} pending`}>
                    {pendingTotal}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
