import { queryOptions } from '@tanstack/react-query';
import type { SmsBalance } from '../../../domain/api/shell';
import type { DashboardPeriod } from '../../../domain/api/stats';
import { apiPaths } from '../../../domain/api-paths';
import { localizedPath, paths } from '../../../domain/paths';
import type { Locale } from '../../../domain/locale';
import { api, isServerFault } from '../../lib/api-client';
import { DashboardBreakdowns } from './breakdown-replies';

export const breakdownsQuery = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: ['dashboard', 'breakdowns', period],
    queryFn: ({ signal }) => api.get(`${apiPaths.statsDashboard}?period=${period}`, DashboardBreakdowns, signal),
    throwOnError: isServerFault,
  });

/** The SMS balance, under the shell header's own key and call: one request serves both. */
export const smsBalanceQuery = () =>
  queryOptions({ queryKey: ['shell', 'sms-balance'], queryFn: () => api.post<SmsBalance>(apiPaths.smsTopUpHistory, {}), staleTime: 5 * 60_000 });

type Range = { from: string; to: string };

/**
 * The list behind each figure: the transactions page (it reads these filters from its address),
 * the statistics of an institution or of the whole scope for the period.
 */
export function transactionsLink(
  locale: Locale,
  range: Range,
  filters: { status?: string; method?: string; operator?: string; institutionId?: number; branchId?: number; religionId?: number } = {},
): string {
  const query = new URLSearchParams({ status: filters.status ?? 'completed', range: 'custom', from: range.from, to: range.to });
  if (filters.method) query.set('method', filters.method);
  if (filters.operator) query.set('operator', filters.operator);
  if (filters.institutionId !== undefined) query.set('institutionId', String(filters.institutionId));
  if (filters.branchId !== undefined) query.set('branchId', String(filters.branchId));
  if (filters.religionId !== undefined) query.set('religionId', String(filters.religionId));
  return `${localizedPath(paths.transactions, locale)}?${query.toString()}`;
}

export function statsLink(locale: Locale, range: Range, institutionId: number | null, anchor = ''): string {
  const base = localizedPath(institutionId === null ? paths.stats : `${paths.stats}/${institutionId}`, locale);
  return `${base}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}${anchor}`;
}
