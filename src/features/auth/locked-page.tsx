import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { messages } from '../../../domain/messages';
import { localizedPath, paths } from '../../../domain/paths';
import { localeOfPath } from '../../lib/locale-path';
import { AuthFrame } from './auth-frame';

export function LockedPage() {
  const { t, i18n } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  return (
    <AuthFrame title={t`Locked`}>
      <p className="error-code">423</p>
      <p className="notice notice-error" role="alert">
        {i18n._(messages.networkLocked)}
      </p>
      <Link className="btn btn-secondary" to={localizedPath(paths.login, locale)}>
        <Trans>Back to sign in</Trans>
      </Link>
    </AuthFrame>
  );
}
