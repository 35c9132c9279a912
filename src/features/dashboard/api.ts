import { queryOptions } from '@tanstack/react-query';
import type { DashboardSummary } from '../../../domain/api/dashboard';
import { apiPaths } from '../../../domain/api-paths';
import type { Locale } from '../../../domain/locale';
import { api, isServerFault } from '../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  // Method and month labels come from the server in the Lang header's language.
  summary: (locale: Locale) => [...dashboardKeys.all, 'summary', locale] as const,
};

export const dashboardQueries = {
  summary: (locale: Locale) =>
    queryOptions({
      queryKey: dashboardKeys.summary(locale),
      queryFn: ({ signal }) => api.get<DashboardSummary>(apiPaths.dashboardSummary, undefined, signal),
      throwOnError: isServerFault,
    }),
};
