import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import type { Profile } from '../../domain/api/auth';
import { coreMessages } from '../../domain/messages-core';
import { localizedPath, paths, stripLocale } from '../../domain/paths';
import { Spinner } from '../components/ui/spinner';
import { AdvancedSearch } from '../features/search/advanced-search';
import { shellQueries } from '../features/shell/api';
import { Footer } from '../features/shell/footer';
import { MenuHeader } from '../features/shell/menu-header';
import { SideMenu } from '../features/shell/side-menu';
import { TopBar } from '../features/shell/top-bar';
import { isPathAllowed } from '../lib/permissions';
import { clearSession, getStoredProfile, getToken } from '../lib/session';
import { menuQuery, profileQuery } from '../lib/session-queries';
import { NoPermissionPage, ServerErrorPage } from './pages/error-pages';
import { usePageTitle, type RouteHandle } from './route-handle';

const PRODUCT_NAME = 'Sadaka';

function EndSession({ to }: { to: string }) {
  useEffect(() => clearSession(), []);
  return <Navigate to={to} replace />;
}

/** Spec section 4: no stored profile (or token) means no session — wipe what is left and sign in. */
export function SessionLayout() {
  const locale = stripLocale(useLocation().pathname).locale;
  if (getToken() === null || getStoredProfile() === null) return <EndSession to={localizedPath(paths.login, locale)} />;
  return <Shell />;
}

/** Renders the page only if the stored menu grants it; force_change_password pins the person to /profile. */
export function PageGate({ profile }: { profile: Profile }) {
  const { t } = useLingui();
  const locale = stripLocale(useLocation().pathname).locale;
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const menu = useQuery(menuQuery(profile.id, locale));
  const menuPath = handle?.menuPath ?? paths.noPermission;

  if (profile.force_change_password && menuPath !== paths.profile) return <Navigate to={localizedPath(paths.profile, locale)} replace />;
  if (menu.data === undefined) return menu.isError ? <ServerErrorPage /> : <Spinner label={t`Loading…`} />;
  if (!isPathAllowed(menuPath, menu.data)) return <NoPermissionPage />;
  return (
    <Suspense fallback={<Spinner label={t`Loading…`} />}>
      <Outlet />
    </Suspense>
  );
}

function Shell() {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const { locale, path } = stripLocale(pathname);
  const title = usePageTitle();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // initialData comes from the stored profile, which SessionLayout has just checked.
  const profile = useQuery(profileQuery()).data;
  const menu = useQuery({ ...menuQuery(profile?.id ?? 0, locale), enabled: profile !== undefined });
  const hasRequests = menu.data ? isPathAllowed(paths.requests, menu.data) : false;
  const pending = useQuery({ ...shellQueries.pending(), enabled: hasRequests && profile?.force_change_password === false });
  // Sign-out clears the cache while this is still mounted, for one render before the redirect lands.
  if (!profile) return <EndSession to={localizedPath(paths.login, locale)} />;
  const blocked = profile.force_change_password;

  return (
    <div className={drawerOpen ? 'shell drawer-open' : 'shell'}>
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <aside id="side-menu" className="side-menu" aria-label={t`Menu`}>
        <div className="brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className="brand-name">{PRODUCT_NAME}</span>
        </div>
        <MenuHeader profile={profile} />
        <SideMenu items={menu.data ?? []} locale={locale} pendingTotal={pending.data?.total} onNavigate={() => setDrawerOpen(false)} />
        {blocked ? (
          <div className="menu-blocker" role="note">
            <p>{i18n._(coreMessages.mustChangePassword)}</p>
          </div>
        ) : null}
      </aside>
      <button type="button" className="drawer-scrim" aria-label={t`Close menu`} tabIndex={-1} onClick={() => setDrawerOpen(false)} />
      <div className="shell-main">
        <TopBar
          title={title}
          userName={profile.name}
          locale={locale}
          search={path === paths.searchResult || blocked ? null : <AdvancedSearch locale={locale} />}
          menuOpen={drawerOpen}
          onMenuToggle={() => setDrawerOpen(!drawerOpen)}
        />
        <main id="main" className="content" tabIndex={-1}>
          <PageGate profile={profile} />
        </main>
        <Footer />
      </div>
    </div>
  );
}
