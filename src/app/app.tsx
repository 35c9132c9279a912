import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { clearCachedData } from '../lib/db';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { onSessionCleared } from '../lib/session';
import { buildRoutes } from './routes';
import { createSessionErrorHandler } from './session-errors';

// Created once per page load; the error handler needs the router, the router needs nothing else.
const router = createBrowserRouter(buildRoutes());
const queryClient = createQueryClient(
  createSessionErrorHandler({
    navigate: (to) => void router.navigate(to, { replace: true }),
    resetCache: () => queryClient.clear(),
  }),
);

// Signing out wipes the cached profile, menu and lists, so a shared device shows nothing of the last person.
onSessionCleared(() => {
  void clearCachedData();
  queueMicrotask(() => queryClient.clear());
});

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  );
}
