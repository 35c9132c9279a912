import { ApiError } from '../lib/api-client';
import { getCurrentLocale } from '../lib/current-locale';
import { clearSession, getToken } from '../lib/session';
import { localizedPath, paths } from '../../domain/paths';

type Deps = { navigate: (to: string) => void; resetCache: () => void };

/**
 * The session rules of spec sections 4 and 8, applied to every failed query and mutation:
 * 401 ends the session and returns to sign-in, 423 shows the locked page. The API client only reports.
 */
export function createSessionErrorHandler({ navigate, resetCache }: Deps) {
  return (error: unknown): void => {
    if (!(error instanceof ApiError)) return;
    const locale = getCurrentLocale();
    if (error.status === 401 && getToken() !== null) {
      clearSession();
      // Outside the failing query's callback, so the cache is not cleared under its own feet.
      queueMicrotask(resetCache);
      navigate(localizedPath(paths.login, locale));
    } else if (error.status === 423) {
      navigate(localizedPath(paths.locked, locale));
    }
  };
}
