import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Locale } from '../../../domain/locale';
import { localizedPath, paths } from '../../../domain/paths';
import { Icon } from '../../components/ui/icon';
import { ApiError } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useLogout } from './api';
import { BusyButton } from '../../components/ui/busy-button';

// Only needed when someone signs out with unsent records: kept out of the shell's first load.
const ConfirmDialog = lazy(() => import('../../components/ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));
const countMyUnsent = () => import('../../lib/offline/unsent-count').then((module) => module.countMyUnsent());

export function UserMenu({ name, locale }: { name: string; locale: Locale }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  // Unsent records survive sign-out (they are sent when their recorder signs in again); say so first.
  const [unsent, setUnsent] = useState(0);
  const [confirming, setConfirming] = useState(false);

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
    setConfirming(false);
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
            <BusyButton
              type="button"
              role="menuitem"
              onClick={() => {
                // Counted at the click, not from a live view that may not have loaded yet.
                void countMyUnsent()
                  .catch(() => 0)
                  .then((count) => {
                    if (count === 0) return signOut();
                    setOpen(false);
                    setUnsent(count);
                    setConfirming(true);
                  });
              }}
              busy={logout.isPending}
            >
              <Trans>Logout</Trans>
            </BusyButton>
          </li>
        </ul>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
        <ConfirmDialog
          title={t`Sign out with unsent records?`}
          confirmLabel={t`Sign out`}
          cancelLabel={t`Stay signed in`}
          onConfirm={signOut}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <Plural
              value={unsent}
              one="# record on this device has not reached the server yet."
              other="# records on this device have not reached the server yet."
            />{' '}
            <Trans>They stay saved here and are sent when you sign in again on this device. Stay signed in if you can wait for the network.</Trans>
          </p>
        </ConfirmDialog>
        </Suspense>
      ) : null}
    </div>
  );
}
