import { queryOptions } from '@tanstack/react-query';
import type { SmsBalance } from '../../../domain/api/shell';
import type { DashboardPeriod } from '../../../domain/api/stats';
import { apiPaths } from '../../../domain/api-paths';
import { monthEnd } from '../../../domain/calendar';
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
  filters: { status?: string; method?: string; operator?: string; institutionId?: number; branchId?: number; religionId?: number; offeringTypeId?: number } = {},
): string {
  const query = new URLSearchParams({ status: filters.status ?? 'completed', range: 'custom', from: range.from, to: range.to });
  if (filters.method) query.set('method', filters.method);
  if (filters.operator) query.set('operator', filters.operator);
  if (filters.institutionId !== undefined) query.set('institutionId', String(filters.institutionId));
  if (filters.branchId !== undefined) query.set('branchId', String(filters.branchId));
  if (filters.religionId !== undefined) query.set('religionId', String(filters.religionId));
  if (filters.offeringTypeId !== undefined) query.set('offeringTypeId', String(filters.offeringTypeId));
  return `${localizedPath(paths.transactions, locale)}?${query.toString()}`;
}

/**
 * One transaction: the list searched for its reference over the last six months (the longest range
 * the list offers), with its detail open. Not a one-day range: a cash receipt's received day (the
 * list's) can be days before the moment the dashboard shows.
 */
export function transactionLink(locale: Locale, transaction: { id: string; reference: string }): string {
  const query = new URLSearchParams({ status: 'all', range: '6m', search: transaction.reference, id: transaction.id });
  return `${localizedPath(paths.transactions, locale)}?${query.toString()}`;
}

export function statsLink(locale: Locale, range: Range, institutionId: number | null, anchor = ''): string {
  const base = localizedPath(institutionId === null ? paths.stats : `${paths.stats}/${institutionId}`, locale);
  return `${base}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}${anchor}`;
}

/**
 * The East Africa days a chart's bar or a table's cell covers: one day, or a calendar month (its
 * first day to its last by domain/calendar) cut at `until` (today, or the period's last day), so a
 * month's link never asks for days that have not come yet.
 */
export function bucketDays(start: string, unit: 'day' | 'month', until: string): Range {
  if (unit === 'day') return { from: start, to: start };
  const end = monthEnd(start);
  return { from: start, to: end < until ? end : until };
}
