import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Locale } from '../../../domain/locale';
import { localizedPath, paths } from '../../../domain/paths';
import { Icon } from '../../components/ui/icon';
import { ApiError } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useLogout } from './api';

export function UserMenu({ name, locale }: { name: string; locale: Locale }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const signOut = () => {
    setOpen(false);
    logout.mutate(undefined, {
      onError: (error) => {
        const detail = error instanceof ApiError && error.message ? error.message : t`Something went wrong!`;
        showToast({ tone: 'error', title: t`Error`, message: t`Oops!, ${detail}` });
      },
      // Whatever the server said, this device forgets the session.
      onSettled: () => {
        clearSession();
        navigate(localizedPath(paths.login, locale), { replace: true });
      },
    });
  };

  return (
    <div className="user-menu" ref={wrapper}>
      <button type="button" className="user-menu-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name="user" />
        <span className="user-name">{name}</span>
      </button>
      {open ? (
        <ul className="user-menu-list" role="menu">
          <li role="none">
            <Link role="menuitem" to={localizedPath(paths.profile, locale)} onClick={() => setOpen(false)}>
              <Trans>Profile</Trans>
            </Link>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={signOut} disabled={logout.isPending}>
              <Trans>Logout</Trans>
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
