import { queryOptions } from '@tanstack/react-query';
import type { DashboardSummary } from '../../../domain/api/dashboard';
import type { UnsentCashList } from '../../../domain/api/unsent-cash';
import { apiPaths } from '../../../domain/api-paths';
import type { Locale } from '../../../domain/locale';
import { api, isServerFault } from '../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  // Method and month labels come from the server in the Lang header's language.
  summary: (locale: Locale) => [...dashboardKeys.all, 'summary', locale] as const,
  unsentCash: () => [...dashboardKeys.all, 'unsent-cash'] as const,
};

export const dashboardQueries = {
  summary: (locale: Locale) =>
    queryOptions({
      queryKey: dashboardKeys.summary(locale),
      queryFn: ({ signal }) => api.get<DashboardSummary>(apiPaths.dashboardSummary, undefined, signal),
      throwOnError: isServerFault,
    }),
  /** Unsent cash as the devices last reported it (issue 16); a failure leaves the rest of the dashboard alone. */
  unsentCash: () =>
    queryOptions({
      queryKey: dashboardKeys.unsentCash(),
      queryFn: ({ signal }) => api.get<UnsentCashList>(apiPaths.dashboardUnsentCash, undefined, signal),
    }),
};
