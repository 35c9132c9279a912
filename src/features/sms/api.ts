import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsBalance } from '../../../domain/api/shell';
import type { SmsCampaignCreated, SmsCampaignDetail, SmsCampaignInput, SmsCampaignPage, SmsFailedPage } from '../../../domain/api/sms';
import type { Zone } from '../../../domain/api/zones';
import { apiPaths } from '../../../domain/api-paths';
import { api, isServerFault } from '../../lib/api-client';

export const SMS_PAGE_SIZE = 20;

export const smsKeys = {
  all: ['sms'] as const,
  campaigns: (cursor: number | null) => [...smsKeys.all, 'campaigns', cursor] as const,
  campaign: (id: number) => [...smsKeys.all, 'campaign', id] as const,
  failed: (cursor: number | null) => [...smsKeys.all, 'failed', cursor] as const,
  balance: () => [...smsKeys.all, 'balance'] as const,
  zones: () => [...smsKeys.all, 'zones'] as const,
};

const page = (cursor: number | null) => `?limit=${SMS_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`;
/** While a send is going out its states move with delivery reports: look again every few seconds. */
const stillMoving = (detail: SmsCampaignDetail | undefined) =>
  detail && (detail.counts.scheduled > 0 || detail.counts.queued > 0 || detail.counts.sent > 0) && !detail.scheduleAt ? 3000 : false;

export const smsQueries = {
  campaigns: (cursor: number | null) =>
    queryOptions({
      queryKey: smsKeys.campaigns(cursor),
      queryFn: ({ signal }) => api.get<SmsCampaignPage>(`${apiPaths.smsCampaigns}${page(cursor)}`, undefined, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  campaign: (id: number) =>
    queryOptions({
      queryKey: smsKeys.campaign(id),
      queryFn: ({ signal }) => api.get<SmsCampaignDetail>(apiPaths.smsCampaignById(id), undefined, signal),
      refetchInterval: (query) => stillMoving(query.state.data),
      throwOnError: isServerFault,
    }),
  failed: (cursor: number | null) =>
    queryOptions({
      queryKey: smsKeys.failed(cursor),
      queryFn: ({ signal }) => api.get<SmsFailedPage>(`${apiPaths.smsFailed}${page(cursor)}`, undefined, signal),
      placeholderData: keepPreviousData,
      throwOnError: isServerFault,
    }),
  /** Balance and top-up history (spec `smsTopUpHistory`): bank staff and union level only (§6). */
  balance: () => queryOptions({ queryKey: smsKeys.balance(), queryFn: () => api.post<SmsBalance>(apiPaths.smsTopUpHistory, {}) }),
  zones: () => queryOptions({ queryKey: smsKeys.zones(), queryFn: ({ signal }) => api.get<{ data: Zone[] }>(apiPaths.zones, undefined, signal) }),
};

export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SmsCampaignInput) => api.post<SmsCampaignCreated>(apiPaths.smsCampaigns, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKeys.all }),
  });
}

export function useResendFailed(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ resent: number }>(apiPaths.smsResendFailed(id), {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKeys.all }),
  });
}

/** How many recipients the detail lists at most (the server's DETAIL_RECIPIENTS). */
export const DETAIL_LIMIT_NOTE = 2000;
