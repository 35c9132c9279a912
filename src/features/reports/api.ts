import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExportFormat } from '../../../domain/api/back-office-reports';
import type { RegistrationStatus } from '../../../domain/statuses';
import { api, isServerFault } from '../../lib/api-client';
import { ReferralReport, RegistrationReport } from './replies';

export type ReferralFilters = { from: string; to: string; referralCode: string };
export type RegistrationFilters = { from: string; to: string; status: RegistrationStatus | '' };

function search(params: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value.trim() !== '') query.set(key, value.trim());
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const referralsPath = (filters: ReferralFilters, format: ExportFormat = 'json') => `/reports/referrals${search({ ...filters, format })}`;
export const registrationsPath = (filters: RegistrationFilters, format: ExportFormat = 'json') => `/reports/registrations${search({ ...filters, format })}`;

export const reportKeys = {
  all: ['reports'] as const,
  referrals: (filters: ReferralFilters) => [...reportKeys.all, 'referrals', filters] as const,
  registrations: (filters: RegistrationFilters) => [...reportKeys.all, 'registrations', filters] as const,
};

export const reportQueries = {
  referrals: (filters: ReferralFilters) =>
    queryOptions({
      queryKey: reportKeys.referrals(filters),
      queryFn: ({ signal }) => api.get(referralsPath(filters), ReferralReport, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  registrations: (filters: RegistrationFilters) =>
    queryOptions({
      queryKey: reportKeys.registrations(filters),
      queryFn: ({ signal }) => api.get(registrationsPath(filters), RegistrationReport, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
};
