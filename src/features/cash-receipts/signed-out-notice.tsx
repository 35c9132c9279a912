import { Trans } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import { localizedPath, paths, stripLocale } from '../../../domain/paths';
import { clearSession } from '../../lib/session';
import { useFlushState, usePendingCount } from './desk-data';

/**
 * The session ended while records wait (offline.md: 401 pauses the queue and asks to sign in
 * again). Signing out here keeps them: unsent work stays on the device and goes after sign-in.
 */
export function SignedOutNotice() {
  const { block } = useFlushState();
  // Counted only while signed out: the count changes with every save.
  return block === 'signed-out' ? <SignedOutWithRecords /> : null;
}

function SignedOutWithRecords() {
  const pending = usePendingCount();
  const navigate = useNavigate();
  const locale = stripLocale(useLocation().pathname).locale;
  if (pending === 0) return null;
  const signInAgain = () => {
    clearSession();
    navigate(localizedPath(paths.login, locale), { replace: true });
  };
  return (
    <div className="notice notice-error signed-out-notice" role="alert">
      <span>
        <Trans>Your session has ended. {pending} records are safe on this device and will be sent after you sign in again.</Trans>
      </span>
      <button type="button" className="btn btn-primary btn-small" onClick={signInAgain}>
        <Trans>Sign in again</Trans>
      </button>
    </div>
  );
}
