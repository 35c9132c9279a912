import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { localeOfPath } from '../../lib/locale-path';

// Kept in the main bundle: these must render even when a lazy chunk cannot be fetched.

function HomeLink() {
  const { pathname } = useLocation();
  return (
    <Link className="btn btn-primary" to={localizedPath(paths.login, localeOfPath(pathname))}>
      <Trans>Go to the home page</Trans>
    </Link>
  );
}

export function NotFoundPage() {
  return (
    <main className="error-page" aria-labelledby="error-title">
      <p className="error-code">404</p>
      <h1 id="error-title">
        <Trans>Oops! Page Not Found</Trans>
      </h1>
      <p>
        <Trans>This page could not be found</Trans>
      </p>
      <HomeLink />
    </main>
  );
}

export function NoPermissionPage() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code">401</p>
      <h1 id="error-title">
        <Trans>Oops! You have No Permission</Trans>
      </h1>
      <p>
        <Trans>Sorry, You don't have permissions to view the page you are looking for</Trans>
      </p>
      <HomeLink />
    </section>
  );
}

export function ServerErrorPage() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code">500</p>
      <h1 id="error-title">
        <Trans>Something went wrong!</Trans>
      </h1>
      <p>
        <Trans>Please try again in a moment. If it keeps happening, contact your bank.</Trans>
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
