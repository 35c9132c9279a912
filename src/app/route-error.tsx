import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Navigate, isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { localizedPath, paths } from '../../domain/paths';
import { Spinner } from '../components/ui/spinner';
import { ApiError } from '../lib/api-client';
import { isChunkLoadError, reloadForNewChunks } from '../lib/chunk-reload';
import { localeOfPath } from '../lib/locale-path';
import { clearSession } from '../lib/session';
import { NoPermissionPage, NotFoundPage, ServerErrorPage } from './pages/error-pages';

/** A missing chunk means a newer build is deployed: reload once, and show the 500 page if that did not help. */
function ChunkError() {
  const { t } = useLingui();
  const [reloading, setReloading] = useState(true);
  useEffect(() => {
    setReloading(reloadForNewChunks());
  }, []);
  return reloading ? <Spinner label={t`Loading a newer version…`} /> : <ServerErrorPage />;
}

function EndSession({ to }: { to: string }) {
  useEffect(() => clearSession(), []);
  return <Navigate to={to} replace />;
}

/** The error catalogue (spec section 8) applied to whatever a page threw. */
export function RouteError() {
  const error = useRouteError();
  const locale = localeOfPath(useLocation().pathname);
  if (isChunkLoadError(error)) return <ChunkError />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError) {
    if (error.status === 401) return <EndSession to={localizedPath(paths.login, locale)} />;
    if (error.status === 423) return <Navigate to={localizedPath(paths.locked, locale)} replace />;
    if (error.status === 403) return <NoPermissionPage />;
    if (error.status === 404) return <NotFoundPage />;
  }
  return <ServerErrorPage />;
}
