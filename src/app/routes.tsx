import type { RouteObject } from 'react-router-dom';
import { EN_PREFIX } from '../../domain/paths';
import { NotFoundPage } from './pages/error-pages';
import { RouteError } from './route-error';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { publicRoutes, shellRoutes, type PageRoute } from './route-table';
import { SessionLayout } from './session-layout';

// Swahili lives at the bare path and English under /en (spec section 2), so each page is declared twice.
const PREFIXES = ['', EN_PREFIX];

function prefixed(prefix: string, path: string): string {
  if (path === '/') return prefix || '/';
  return `${prefix}${path}`;
}

function toRoutes(pages: PageRoute[]): RouteObject[] {
  return PREFIXES.flatMap((prefix) =>
    pages.map(({ path, title, menuPath, Page }) => {
      const handle: RouteHandle = { title, menuPath: menuPath ?? path };
      return { path: prefixed(prefix, path), element: <Page />, handle, errorElement: <RouteError /> };
    }),
  );
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        ...toRoutes(publicRoutes),
        { element: <SessionLayout />, children: toRoutes(shellRoutes) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
