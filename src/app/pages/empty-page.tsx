import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { localizedPath, paths } from '../../../domain/paths';
import { EmptyState } from '../../components/ui/empty-state';
import { localeOfPath } from '../../lib/locale-path';
import { usePageTitle } from '../route-handle';

/** A signed-in page whose records are not available here yet: its title and an honest empty state. */
export function EmptyPage() {
  const { t } = useLingui();
  const title = usePageTitle();
  return (
    <section className="page" aria-labelledby="page-heading">
      <h2 id="page-heading" className="page-heading">
        {title}
      </h2>
      <div className="card">
        <EmptyState title={t`Nothing here yet`}>
          <Trans>There are no records to show on this page yet.</Trans>
        </EmptyState>
      </div>
    </section>
  );
}

/** The same for public pages, which have no shell around them. */
export function PublicEmptyPage() {
  const { t } = useLingui();
  const title = usePageTitle();
  const { pathname } = useLocation();
  return (
    <main className="public-page">
      <div className="auth-card">
        <h1>{title}</h1>
        <EmptyState title={t`Nothing here yet`}>
          <Trans>This service is not open yet. Please contact your bank branch.</Trans>
        </EmptyState>
        <Link className="btn btn-secondary" to={localizedPath(paths.login, localeOfPath(pathname))}>
          <Trans>Back to sign in</Trans>
        </Link>
      </div>
    </main>
  );
}
