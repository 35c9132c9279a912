import { useLingui } from '@lingui/react/macro';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { getCurrentLocale } from '../lib/current-locale';
import { activateLocale } from '../lib/i18n';
import { localeOfPath } from '../lib/locale-path';
import { usePageTitle } from './route-handle';
import { UpdatePrompt } from './update-prompt';

/** The address decides the language: following a link into /en switches the catalogue. */
function LocaleSync() {
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  useEffect(() => {
    if (locale !== getCurrentLocale()) void activateLocale(locale);
  }, [locale]);
  return null;
}

const PRODUCT_NAME = 'Sadaka';
const TITLE_SEPARATOR = ' · ';

function DocumentTitle() {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title ? [title, PRODUCT_NAME].join(TITLE_SEPARATOR) : PRODUCT_NAME;
  }, [title]);
  return null;
}

export function RootLayout() {
  const { t } = useLingui();
  return (
    <>
      <LocaleSync />
      <DocumentTitle />
      <Toaster />
      <UpdatePrompt />
      <Suspense fallback={<Spinner label={t`Loading…`} />}>
        <Outlet />
      </Suspense>
    </>
  );
}
