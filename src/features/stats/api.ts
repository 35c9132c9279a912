import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../domain/api-paths';
import type { ReportFormat } from '../../../domain/api/stats';
import type { OverTimeGrain } from '../../../domain/stats-grains';
import { api, isServerFault } from '../../lib/api-client';
import { LevelComparison, StatsOverTime } from './compare-replies';
import { OfferingsReport, StatsOverview, TransactionBriefPage } from './replies';

/** A period and, when drilling, the institution; days are the institution's calendar days (YYYY-MM-DD). */
export type StatsFilters = { from: string; to: string; institutionId: number | null };

function search(params: Record<string, string | number | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== '') query.set(key, String(value));
  return `?${query.toString()}`;
}

export const overviewPath = (f: StatsFilters) => `${apiPaths.statsOverview}${search({ from: f.from, to: f.to, institutionId: f.institutionId })}`;
export const offeringsPath = (f: StatsFilters, format: ReportFormat = 'json') =>
  `${apiPaths.reportOfferings}${search({ from: f.from, to: f.to, institutionId: f.institutionId, format: format === 'json' ? null : format })}`;
/** The page's offerings report: the first `limit` types by total, with totals and the count over every type (ADR 071). */
export const offeringsPagePath = (f: StatsFilters, limit: number) => `${apiPaths.reportOfferings}${search({ from: f.from, to: f.to, institutionId: f.institutionId, limit })}`;
export const overTimePath = (f: StatsFilters, grain: OverTimeGrain) => `${apiPaths.statsOverTime}${search({ from: f.from, to: f.to, institutionId: f.institutionId, grain })}`;
/** Every institution of one level under the page's institution (null: the lowest level), the first `limit` of them. */
export const comparePath = (f: StatsFilters, levelId: number | null, limit: number) =>
  `${apiPaths.statsCompare}${search({ from: f.from, to: f.to, institutionId: f.institutionId, levelId, limit })}`;
/** The transactions behind a church's figures: completed, in the period (the list's own custom range). */
const transactionsPath = (f: StatsFilters) =>
  `/transactions${search({ institutionId: f.institutionId, status: 'completed', range: 'custom', from: f.from, to: f.to, limit: 50, offset: 0 })}`;

export const statsKeys = {
  all: ['stats'] as const,
  overview: (f: StatsFilters) => [...statsKeys.all, 'overview', f] as const,
  offerings: (f: StatsFilters, limit: number) => [...statsKeys.all, 'offerings', f, limit] as const,
  transactions: (f: StatsFilters) => [...statsKeys.all, 'transactions', f] as const,
  overTime: (f: StatsFilters, grain: OverTimeGrain) => [...statsKeys.all, 'over-time', f, grain] as const,
  compare: (f: StatsFilters, levelId: number | null, limit: number) => [...statsKeys.all, 'compare', f, levelId, limit] as const,
};

export const statsQueries = {
  overview: (f: StatsFilters) =>
    queryOptions({ queryKey: statsKeys.overview(f), queryFn: ({ signal }) => api.get(overviewPath(f), StatsOverview, signal), placeholderData: keepPreviousData, throwOnError: isServerFault }),
  // keepPreviousData: "Show more" and a new period keep the rows on screen until the next answer replaces them.
  offerings: (f: StatsFilters, limit: number) =>
    queryOptions({ queryKey: statsKeys.offerings(f, limit), queryFn: ({ signal }) => api.get(offeringsPagePath(f, limit), OfferingsReport, signal), placeholderData: keepPreviousData, throwOnError: isServerFault }),
  transactions: (f: StatsFilters) =>
    queryOptions({ queryKey: statsKeys.transactions(f), queryFn: ({ signal }) => api.get(transactionsPath(f), TransactionBriefPage, signal), throwOnError: isServerFault }),
  overTime: (f: StatsFilters, grain: OverTimeGrain) =>
    queryOptions({ queryKey: statsKeys.overTime(f, grain), queryFn: ({ signal }) => api.get(overTimePath(f, grain), StatsOverTime, signal), placeholderData: keepPreviousData, throwOnError: isServerFault }),
  compare: (f: StatsFilters, levelId: number | null, limit: number) =>
    queryOptions({ queryKey: statsKeys.compare(f, levelId, limit), queryFn: ({ signal }) => api.get(comparePath(f, levelId, limit), LevelComparison, signal), placeholderData: keepPreviousData, throwOnError: isServerFault }),
};
