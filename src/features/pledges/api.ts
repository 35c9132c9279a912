import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberListPage } from '../../../domain/api/members';
import type { CampaignInput, CampaignRow, PledgeCreated, PledgeDetail, PledgeDueFilter, PledgeInput, PledgePage } from '../../../domain/api/pledges';
import type { OfferingType } from '../../../domain/api/receipts';
import { apiPaths } from '../../../domain/api-paths';
import { api, isServerFault } from '../../lib/api-client';

export const PLEDGE_PAGE_SIZE = 25;
/** Members offered by the picker for what was typed (spec §9: search pages of 7). */
const PICKER_SIZE = 7;

/** The list's filters as the server takes them; '' is "all". */
export type PledgeListFilters = { due: PledgeDueFilter | ''; search: string; campaignId: number | null };
type RemindResult = { sent: boolean; smsId: number | null; remindedAt: string | null };

/** Query string of the values that are set; empty ones are left out so the server never sees "". */
export function queryOf(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== '' && value !== null && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const pledgeKeys = {
  all: ['pledges'] as const,
  list: (filters: PledgeListFilters, cursor: string | null) => [...pledgeKeys.all, 'list', filters, cursor] as const,
  detail: (id: number) => [...pledgeKeys.all, 'detail', id] as const,
  campaigns: () => [...pledgeKeys.all, 'campaigns'] as const,
  members: (search: string) => [...pledgeKeys.all, 'members', search] as const,
  offeringTypes: (institutionId: number) => [...pledgeKeys.all, 'offering-types', institutionId] as const,
};

export const pledgeQueries = {
  /** Keyset pages (ADR 062): `cursor` is the previous page's `nextCursor`, null for the first. */
  list: (filters: PledgeListFilters, cursor: string | null) =>
    queryOptions({
      queryKey: pledgeKeys.list(filters, cursor),
      queryFn: ({ signal }) => api.get<PledgePage>(`${apiPaths.pledges}${queryOf({ ...filters, limit: PLEDGE_PAGE_SIZE, cursor })}`, undefined, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: pledgeKeys.detail(id), queryFn: ({ signal }) => api.get<PledgeDetail>(apiPaths.pledgeById(id), undefined, signal), throwOnError: isServerFault }),
  campaigns: () =>
    queryOptions({
      queryKey: pledgeKeys.campaigns(),
      queryFn: ({ signal }) => api.get<{ data: CampaignRow[] }>(apiPaths.pledgeCampaigns, undefined, signal),
      throwOnError: isServerFault,
    }),
  /** Members matching what the treasurer typed (name, phone or member number), for the pledge form. */
  members: (search: string) =>
    queryOptions({
      queryKey: pledgeKeys.members(search),
      queryFn: ({ signal }) => api.get<MemberListPage>(`${apiPaths.members}${queryOf({ search, limit: PICKER_SIZE })}`, undefined, signal),
      enabled: search.length >= 3,
      placeholderData: keepPreviousData,
    }),
  /** The offering types of the chosen member's church or mosque. */
  offeringTypes: (institutionId: number) =>
    queryOptions({
      queryKey: pledgeKeys.offeringTypes(institutionId),
      queryFn: ({ signal }) => api.get<{ data: OfferingType[] }>(`${apiPaths.offeringTypes}${queryOf({ institutionId })}`, undefined, signal),
    }),
};

export function useCreatePledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PledgeInput) => api.post<PledgeCreated>(apiPaths.pledges, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pledgeKeys.all }),
  });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignInput) => api.post<{ id: number }>(apiPaths.pledgeCampaigns, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pledgeKeys.campaigns() }),
  });
}

export function useRemindNow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RemindResult>(apiPaths.pledgeRemind(id), {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pledgeKeys.all }),
  });
}

/** The filtered list's export address and file name (a file in the reader's language). */
export function pledgesExport(filters: PledgeListFilters, format: 'csv' | 'xlsx'): { path: string; fileName: string } {
  return { path: `${apiPaths.pledgesExport}${queryOf({ ...filters, format })}`, fileName: `pledges.${format}` };
}
