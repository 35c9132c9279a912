import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isServerFault } from '../../lib/api-client';
import { ActivityList, SessionLogList } from './replies';

export const LOG_PAGE_SIZE = 50;
export type ActivityFilters = { search: string; action: string; from: string; to: string; offset: number };
export type SessionFilters = { search: string; offset: number };

function search(params: Record<string, string | number>): string {
  const query = new URLSearchParams({ limit: String(LOG_PAGE_SIZE) });
  for (const [key, value] of Object.entries(params)) if (String(value).trim() !== '') query.set(key, String(value).trim());
  return `?${query.toString()}`;
}

export const activityKeys = {
  all: ['activity'] as const,
  activities: (filters: ActivityFilters) => [...activityKeys.all, 'activities', filters] as const,
  sessions: (filters: SessionFilters) => [...activityKeys.all, 'sessions', filters] as const,
};

export const activityQueries = {
  activities: (filters: ActivityFilters) =>
    queryOptions({
      queryKey: activityKeys.activities(filters),
      queryFn: ({ signal }) => api.get(`/activities${search(filters)}`, ActivityList, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  sessions: (filters: SessionFilters) =>
    queryOptions({
      queryKey: activityKeys.sessions(filters),
      queryFn: ({ signal }) => api.get(`/log-viewer${search(filters)}`, SessionLogList, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
};
