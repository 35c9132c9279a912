import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, isServerFault } from '../../lib/api-client';
import { ActivityList, SessionLogList } from './replies';

export const LOG_PAGE_SIZE = 50;
export type ActivityFilters = { search: string; action: string; from: string; to: string };
export type SessionFilters = { search: string };

function search(params: Record<string, string | number | null>): string {
  const query = new URLSearchParams({ limit: String(LOG_PAGE_SIZE) });
  for (const [key, value] of Object.entries(params)) if (value !== null && String(value).trim() !== '') query.set(key, String(value).trim());
  return `?${query.toString()}`;
}

export const activityKeys = {
  all: ['activity'] as const,
  activities: (filters: ActivityFilters, cursor: string | null) => [...activityKeys.all, 'activities', filters, cursor] as const,
  sessions: (filters: SessionFilters, cursor: string | null) => [...activityKeys.all, 'sessions', filters, cursor] as const,
};

/** Keyset pages (ADR 062): `cursor` is the previous page's `nextCursor`, null for the first. */
export const activityQueries = {
  activities: (filters: ActivityFilters, cursor: string | null) =>
    queryOptions({
      queryKey: activityKeys.activities(filters, cursor),
      queryFn: ({ signal }) => api.get(`/activities${search({ ...filters, cursor })}`, ActivityList, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  sessions: (filters: SessionFilters, cursor: string | null) =>
    queryOptions({
      queryKey: activityKeys.sessions(filters, cursor),
      queryFn: ({ signal }) => api.get(`/log-viewer${search({ ...filters, cursor })}`, SessionLogList, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
};
