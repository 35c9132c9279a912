import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { localeOfPath } from '../../lib/locale-path';
import { AuthFrame } from './auth-frame';
import { ResetByCode } from './reset-by-code';
import { ResetByEmail } from './reset-by-email';

type Method = 'sms' | 'email';

/** Forgot password: a code by SMS to the registered phone, or a link by email. */
export function ResetPage() {
  const { t } = useLingui();
  const locale = localeOfPath(useLocation().pathname);
  const [method, setMethod] = useState<Method>('sms');
  return (
    <AuthFrame title={t`Forgot password`}>
      <div className="tabs" role="tablist" aria-label={t`How to reset`}>
        <button type="button" role="tab" id="tab-sms" aria-selected={method === 'sms'} aria-controls="panel-reset" onClick={() => setMethod('sms')}>
          <Trans>Code by phone</Trans>
        </button>
        <button type="button" role="tab" id="tab-email" aria-selected={method === 'email'} aria-controls="panel-reset" onClick={() => setMethod('email')}>
          <Trans>Link by email</Trans>
        </button>
      </div>
      <div role="tabpanel" id="panel-reset" aria-labelledby={method === 'sms' ? 'tab-sms' : 'tab-email'}>
        {method === 'sms' ? <ResetByCode locale={locale} /> : <ResetByEmail />}
      </div>
      <Link className="link" to={localizedPath(paths.login, locale)}>
        <Trans>Back to sign in</Trans>
      </Link>
    </AuthFrame>
  );
}
