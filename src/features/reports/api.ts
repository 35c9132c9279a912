import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ReferralReport, RegistrationReport, type ExportFormat } from '../../../domain/api/back-office-reports';
import { LANG_HEADER } from '../../../domain/locale';
import { API_BASE } from '../../../domain/paths';
import type { RegistrationStatus } from '../../../domain/statuses';
import { NetworkError, api, isServerFault, toApiError } from '../../lib/api-client';
import { getCurrentLocale } from '../../lib/current-locale';
import { getToken } from '../../lib/session';

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

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * The server builds the CSV, Excel or PDF (its column headings in the reader's language); the
 * file is fetched with the bearer token, which a plain link cannot carry, and saved as a blob.
 */
export async function downloadReport(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { [LANG_HEADER]: getCurrentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw await toApiError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
