import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { localeOfPath } from '../../lib/locale-path';
import './registration.css';

const PRODUCT_NAME = 'Sadaka';

/** The public pages of onboarding: brand, language switch, a wide card, and the way back to sign-in. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const locale = localeOfPath(useLocation().pathname);
  return (
    <main className="public-page">
      <div className="public-top registration-card">
        <LanguageSwitch />
      </div>
      <div className="auth-card registration-card">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <span className="brand-name">{PRODUCT_NAME}</span>
        </div>
        <h1 className="auth-title">{title}</h1>
        {children}
        <Link className="link" to={localizedPath(paths.login, locale)}>
          <Trans>Back to sign in</Trans>
        </Link>
      </div>
    </main>
  );
}
